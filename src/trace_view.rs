//! What the trace panel shows about one turn, read from the turn's state: the node path drawn on
//! the graph, per-node timings, the documents of every retrieval with their BM25 / vector / RRF
//! ranks, the quality of every iteration, rewritten queries, and why the loop stopped; for Query
//! Flow also the plan, the pool, the rerank order and the sufficiency verdict of every retrieval,
//! the grades, and every model call with what it was for.
//!
//! The graph's picture is data here ([`LAYOUT`], [`EDGES`]); the browser draws it. Its edges are
//! the routes of `pipeline::graph::next`, which a test checks, so the picture cannot drift from the
//! pipeline.

use crate::i18n::Lang;
use crate::llm::query_flow::{Grade, QueryPlan, Sufficiency};
use crate::pipeline::state::{QualityMethod, TurnState};
use crate::pipeline::step::{Node, RankedDocument, RefineDetail, RerankDetail, RetrieveDetail, StepDetail, StepKind};
use crate::pipeline::trace::CallPurpose;

/// Where a node sits in the picture: column (0 main line, 1 beside it) and row. Query Flow's
/// retrieval steps stand in a column under `retrieve`; its planner beside `classify_intent`, its
/// grade on the main line after the answer.
pub const LAYOUT: [(Node, u8, u8); 15] = [
    (Node::ExtractSlots, 0, 0),
    (Node::StoreMemory, 0, 1),
    (Node::CheckSimilarity, 0, 2),
    (Node::ClassifyIntent, 0, 3),
    (Node::Plan, 1, 3),
    (Node::AssembleContext, 0, 4),
    (Node::Retrieve, 1, 4),
    (Node::Expand, 1, 5),
    (Node::Rerank, 1, 6),
    (Node::JudgeSufficiency, 1, 7),
    (Node::GenerateAnswer, 0, 5),
    (Node::Grade, 0, 6),
    (Node::Refine, 0, 7),
    (Node::QualityCheck, 0, 8),
    (Node::StoreResponse, 0, 9),
];

/// Rows of the picture.
pub const ROWS: u8 = 10;

/// How an edge is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Straight down the main line.
    Down,
    /// Across to the node beside (`true`: there, `false`: back).
    Across(bool),
    /// A lane right of the side column, at this distance from it (1 nearest): the loops back to
    /// `retrieve` and the side column's shortcuts.
    Right(u8),
    /// A shortcut down (or back up) the left, at this distance from the main line (1 nearest).
    Skip(u8),
    /// Straight from the side column back to the main line.
    Slant,
}

/// One route of the graph, with what takes it when that is not the usual way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edge {
    pub from: Node,
    pub to: Node,
    pub shape: Shape,
    /// (English, Korean) label of a conditional route.
    pub label: Option<(&'static str, &'static str)>,
}

const fn edge(from: Node, to: Node, shape: Shape, label: Option<(&'static str, &'static str)>) -> Edge {
    Edge { from, to, shape, label }
}

/// Every route `pipeline::graph::next` can take.
pub const EDGES: [Edge; 28] = [
    edge(Node::ExtractSlots, Node::StoreMemory, Shape::Down, None),
    edge(Node::StoreMemory, Node::CheckSimilarity, Shape::Down, None),
    edge(Node::CheckSimilarity, Node::ClassifyIntent, Shape::Down, None),
    edge(Node::CheckSimilarity, Node::StoreResponse, Shape::Skip(4), Some(("cache hit", "캐시 적중"))),
    edge(Node::ClassifyIntent, Node::AssembleContext, Shape::Down, None),
    edge(Node::ClassifyIntent, Node::Plan, Shape::Across(true), None),
    edge(Node::Plan, Node::AssembleContext, Shape::Slant, None),
    edge(Node::AssembleContext, Node::Retrieve, Shape::Across(true), None),
    edge(Node::Retrieve, Node::AssembleContext, Shape::Across(false), None),
    edge(Node::Retrieve, Node::Expand, Shape::Down, None),
    edge(Node::Retrieve, Node::Rerank, Shape::Right(1), None),
    edge(Node::Retrieve, Node::JudgeSufficiency, Shape::Right(2), None),
    edge(Node::Expand, Node::Rerank, Shape::Down, None),
    edge(Node::Expand, Node::JudgeSufficiency, Shape::Right(1), None),
    edge(Node::Expand, Node::AssembleContext, Shape::Slant, None),
    edge(Node::Rerank, Node::JudgeSufficiency, Shape::Down, None),
    edge(Node::Rerank, Node::AssembleContext, Shape::Slant, None),
    edge(Node::JudgeSufficiency, Node::Retrieve, Shape::Right(3), Some(("not enough", "근거 부족"))),
    edge(Node::JudgeSufficiency, Node::AssembleContext, Shape::Slant, None),
    edge(Node::AssembleContext, Node::GenerateAnswer, Shape::Down, None),
    edge(Node::GenerateAnswer, Node::Grade, Shape::Down, None),
    edge(Node::Grade, Node::GenerateAnswer, Shape::Skip(1), Some(("ungrounded", "근거 없음"))),
    edge(Node::GenerateAnswer, Node::Refine, Shape::Skip(2), None),
    edge(Node::Grade, Node::Refine, Shape::Down, None),
    edge(Node::GenerateAnswer, Node::StoreResponse, Shape::Skip(3), Some(("LLM mode", "LLM 모드"))),
    edge(Node::Refine, Node::QualityCheck, Shape::Down, None),
    edge(Node::QualityCheck, Node::Retrieve, Shape::Right(4), Some(("retrieve again", "다시 검색"))),
    edge(Node::QualityCheck, Node::StoreResponse, Shape::Down, None),
];

/// What a node does, in `lang` (its code name is shown beside it).
pub fn node_label(node: Node, lang: Lang) -> &'static str {
    let (en, ko) = match node {
        Node::CheckSimilarity => ("Cache lookup", "캐시 확인"),
        Node::ClassifyIntent => ("Classify question", "질문 분류"),
        Node::ExtractSlots => ("Extract facts", "정보 추출"),
        Node::StoreMemory => ("Update profile", "프로필 갱신"),
        Node::AssembleContext => ("Assemble context", "맥락 구성"),
        Node::Retrieve => ("Search sources", "자료 검색"),
        Node::GenerateAnswer => ("Generate answer", "답변 생성"),
        Node::Refine => ("Judge quality", "품질 평가"),
        Node::QualityCheck => ("Retry or stop", "재검색 판단"),
        Node::StoreResponse => ("Save answer", "답변 저장"),
        Node::Plan => ("Plan search", "검색 계획"),
        Node::Expand => ("Add neighbours", "주변 문단"),
        Node::Rerank => ("Rerank", "재순위"),
        Node::JudgeSufficiency => ("Enough?", "근거 충분?"),
        Node::Grade => ("Grade grounding", "근거 검증"),
    };
    match lang {
        Lang::En => en,
        Lang::Ko => ko,
    }
}

/// What a model call was for, in `lang`.
pub fn purpose_label(purpose: CallPurpose, lang: Lang) -> &'static str {
    let (en, ko) = match purpose {
        CallPurpose::Plan => ("plan", "검색 계획"),
        CallPurpose::Rerank => ("rerank", "재순위"),
        CallPurpose::Sufficiency => ("enough evidence?", "근거 충분성"),
        CallPurpose::Answer => ("answer", "답변"),
        CallPurpose::Grade => ("grounding grade", "근거 검증"),
        CallPurpose::Judge => ("quality judge", "품질 평가"),
        CallPurpose::Rewrite => ("query rewrite", "검색어 재작성"),
        CallPurpose::MemorySummary => ("memory summary", "대화 요약"),
        CallPurpose::Support => ("study: support", "연구: 근거 확인"),
        CallPurpose::Questions => ("study: questions", "연구: 질문 만들기"),
        CallPurpose::Probe => ("connection test", "연결 확인"),
    };
    match lang {
        Lang::En => en,
        Lang::Ko => ko,
    }
}

/// A method or a decision the trace records (a rerank's "model and local", a grade's "keep"), in
/// `lang`. The pipeline names them in English; a value this table does not know is shown as is.
pub fn term_label(term: &str, lang: Lang) -> &str {
    const KO: &[(&str, &str)] = &[
        ("model and local", "모델 + 로컬"),
        ("local", "로컬"),
        ("model", "모델"),
        ("llm", "모델"),
        ("heuristic", "규칙"),
        ("heuristic-fallback", "규칙 (모델 실패)"),
        ("basic", "기본"),
        ("keep", "유지"),
        ("answer again", "다시 답변"),
        ("warn", "경고 표시"),
        ("retrieve again", "다시 검색"),
        ("answer", "답변"),
    ];
    match lang {
        Lang::En => term,
        Lang::Ko => KO.iter().find(|(en, _)| *en == term).map_or(term, |(_, ko)| ko),
    }
}

/// The step that waits for the model, as the chat's status line and the CLI's wait line say it.
pub fn waiting_label(purpose: CallPurpose, lang: Lang) -> &'static str {
    let (en, ko) = match purpose {
        CallPurpose::Plan => ("planning the search", "검색 계획 세우는 중"),
        CallPurpose::Rerank => ("ranking the passages", "문서 순위 매기는 중"),
        CallPurpose::Sufficiency => ("judging the evidence", "근거 판단 중"),
        CallPurpose::Answer => ("writing the answer", "답변 쓰는 중"),
        CallPurpose::Grade => ("checking the answer against the sources", "답변 근거 확인 중"),
        CallPurpose::Judge => ("judging the answer", "답변 평가 중"),
        CallPurpose::Rewrite => ("rewriting the search", "검색어 다시 쓰는 중"),
        CallPurpose::MemorySummary => ("summarising the conversation", "대화 요약 중"),
        CallPurpose::Support | CallPurpose::Questions => ("measuring the answer", "답변 측정 중"),
        CallPurpose::Probe => ("testing the connection", "연결 확인 중"),
    };
    match lang {
        Lang::En => en,
        Lang::Ko => ko,
    }
}

/// The whole waiting line: "Waiting for the model: planning the search (12 s)".
pub fn waiting_line(purpose: CallPurpose, secs: u64, lang: Lang) -> String {
    let step = waiting_label(purpose, lang);
    match lang {
        Lang::En => format!("Waiting for the model: {step} ({secs} s)"),
        Lang::Ko => format!("AI 모델 기다리는 중: {step} ({secs}초)"),
    }
}

/// The line a shell that cannot take back streamed text prints when a refine iteration answers afresh
/// after an answer was already shown.
pub fn answered_again_line(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "--- Searched again: this answer replaces the one above ---",
        Lang::Ko => "--- 다시 찾아보았습니다: 아래 답변이 위 답변을 대신합니다 ---",
    }
}

/// One node's run.
#[derive(Clone, Debug, PartialEq)]
pub struct StepView {
    pub node: StepKind,
    pub ms: f64,
    /// What the node decided, as compact JSON.
    pub detail: String,
}

/// A document one retrieval found, with its place in each ranking (`None`: not ranked there).
#[derive(Clone, Debug, PartialEq)]
pub struct RankedDoc {
    pub id: String,
    pub title: String,
    pub bm25: Option<usize>,
    pub vector: Option<usize>,
    pub rrf: Option<usize>,
}

/// The judge's verdict on one iteration's answer.
#[derive(Clone, Debug, PartialEq)]
pub struct QualityView {
    pub overall: f64,
    /// Grounding, completeness, accuracy, when the strategy scores them.
    pub parts: Option<(f64, f64, f64)>,
    /// "llm", "heuristic", "heuristic-fallback", "basic".
    pub method: String,
    pub missing_info: Vec<String>,
}

/// One pass of retrieve → generate → judge.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Iteration {
    /// The search as run (the rewritten query from the second iteration on), if one ran.
    pub query: Option<String>,
    /// How the search ran (e.g. BM25 only while the vectors load).
    pub search: String,
    pub documents: Vec<RankedDoc>,
    pub search_error: Option<String>,
    pub quality: Option<QualityView>,
    /// The query the judge's findings suggested for the next pass.
    pub rewritten: Option<String>,
    /// Every query this retrieval searched (a plan's sub-queries, a loop round's missing aspects).
    pub queries: Vec<String>,
    /// Passages pooled this turn once this retrieval was done.
    pub pool: Option<usize>,
    /// The rerank of this retrieval's passages.
    pub rerank: Option<RerankView>,
    /// The sufficiency judge's verdict on this retrieval's evidence, and what it decided.
    pub sufficiency: Option<(Sufficiency, String)>,
}

/// How the passages were reranked: by the model's ranking fused with the local one, or locally; the titles
/// in their new order, each with its place before.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RerankView {
    pub method: String,
    pub order: Vec<(String, usize)>,
    pub kept: usize,
}

/// The plan and who wrote it ("model" or "local", with why it was local when that was not chosen).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanView {
    pub plan: QueryPlan,
    pub source: String,
    pub why: Option<String>,
}

/// One grade of an answer and what followed ("keep", "answer again", "warn").
#[derive(Clone, Debug, PartialEq)]
pub struct GradeView {
    pub grade: Grade,
    pub method: String,
    pub decision: String,
}

/// Everything the trace panel shows about one turn.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TurnTrace {
    /// The person the turn was for.
    pub user: String,
    pub question: String,
    pub steps: Vec<StepView>,
    pub iterations: Vec<Iteration>,
    pub stop_reason: Option<crate::pipeline::stop::StopReason>,
    pub cache_hit: bool,
    pub plan: Option<PlanView>,
    pub grades: Vec<GradeView>,
    /// The model calls, in order: what each was for and the step that made it.
    pub model_calls: Vec<(CallPurpose, StepKind)>,
    /// The turn's model-call budget.
    pub call_budget: usize,
}

/// A step's detail as the panel prints it: compact JSON, keys in order.
fn detail_json(detail: &StepDetail) -> String {
    serde_json::to_value(detail).map(|v| v.to_string()).unwrap_or_default()
}

/// The refine node's verdict.
fn quality(detail: &RefineDetail) -> QualityView {
    match detail {
        RefineDetail::Corrective { quality: q, .. } => QualityView {
            overall: q.overall,
            parts: Some((q.grounding, q.completeness, q.accuracy)),
            method: q.method.map(QualityMethod::name).unwrap_or_default().to_string(),
            missing_info: q.missing_info.clone(),
        },
        RefineDetail::Basic { score } => QualityView {
            overall: *score,
            parts: None,
            method: QualityMethod::Basic.name().to_string(),
            missing_info: Vec::new(),
        },
    }
}

/// The retrieve node's documents with their ranks.
fn ranked_documents(documents: &[RankedDocument]) -> Vec<RankedDoc> {
    documents
        .iter()
        .map(|d| RankedDoc {
            id: d.id.clone(),
            title: d.title.clone(),
            bm25: d.bm25_rank,
            vector: d.vector_rank,
            rrf: d.rrf_rank,
        })
        .collect()
}

impl TurnTrace {
    /// The trace of a finished turn asked by `user`.
    pub fn from_state(user: &str, state: &TurnState) -> TurnTrace {
        let mut iterations: Vec<Iteration> = Vec::new();
        let mut plan = None;
        let mut grades = Vec::new();
        for step in &state.trace.steps {
            match &step.detail {
                StepDetail::Plan(detail) => {
                    plan = Some(PlanView {
                        plan: detail.plan.clone(),
                        source: detail.source.to_string(),
                        why: detail.why.clone(),
                    });
                }
                StepDetail::Rerank(RerankDetail { reranked: Some(detail), .. }) => {
                    if let Some(iteration) = iterations.last_mut() {
                        iteration.rerank = Some(RerankView {
                            method: detail.method.to_string(),
                            order: detail.order.iter().map(|o| (o.title.clone(), o.was)).collect(),
                            kept: detail.kept,
                        });
                    }
                }
                StepDetail::JudgeSufficiency(detail) => {
                    if let Some(iteration) = iterations.last_mut() {
                        iteration.sufficiency = Some((detail.verdict.clone(), detail.decision.to_string()));
                    }
                }
                StepDetail::Grade(detail) => grades.push(GradeView {
                    grade: Grade { grounded: detail.grounded, score: detail.score, reason: detail.reason.clone() },
                    method: detail.method.to_string(),
                    decision: detail.decision.to_string(),
                }),
                StepDetail::Retrieve(detail) => {
                    // A retrieval starts a pass unless the current one has not searched or been judged yet.
                    if iterations.last().is_none_or(|i| i.query.is_some() || i.quality.is_some()) {
                        iterations.push(Iteration::default());
                    }
                    let iteration = iterations.last_mut().expect("pushed");
                    match detail {
                        RetrieveDetail::Found { query, queries, search, pool, documents, .. } => {
                            iteration.query = Some(query.clone());
                            iteration.queries = queries.iter().map(|q| q.query.clone()).collect();
                            iteration.pool = Some(*pool);
                            iteration.search = search.clone();
                            iteration.search_error = None;
                            iteration.documents = ranked_documents(documents);
                        }
                        RetrieveDetail::Failed { queries, error, .. } => {
                            iteration.query = Some(String::new());
                            iteration.queries = queries.iter().map(|q| q.query.clone()).collect();
                            iteration.pool = None;
                            iteration.search = String::new();
                            iteration.search_error = Some(error.clone());
                            iteration.documents = Vec::new();
                        }
                    }
                }
                StepDetail::Refine(detail) => {
                    if iterations.last().is_none_or(|i| i.quality.is_some()) {
                        iterations.push(Iteration::default());
                    }
                    let iteration = iterations.last_mut().expect("pushed");
                    iteration.quality = Some(quality(detail));
                    iteration.rewritten = match detail {
                        RefineDetail::Corrective { rewritten_query, .. } => rewritten_query.clone(),
                        RefineDetail::Basic { .. } => None,
                    };
                }
                _ => {}
            }
        }
        TurnTrace {
            user: user.to_string(),
            question: state.user_text.clone(),
            steps: state
                .trace
                .steps
                .iter()
                .map(|s| StepView { node: s.node, ms: s.ms, detail: detail_json(&s.detail) })
                .collect(),
            iterations,
            stop_reason: state.stop_reason.clone(),
            cache_hit: state.cache_hit,
            plan,
            grades,
            model_calls: state
                .trace
                .model_calls
                .iter()
                .filter_map(|c| Some((c.purpose, state.trace.steps.get(c.step)?.node)))
                .collect(),
            call_budget: state.flags.max_llm_calls_per_turn,
        }
    }

    /// The nodes that ran, each once, in the order they first ran.
    pub fn ran(&self) -> Vec<Node> {
        let mut ran: Vec<Node> = Vec::new();
        for node in self.steps.iter().filter_map(|s| s.node.node()) {
            if !ran.contains(&node) {
                ran.push(node);
            }
        }
        ran
    }

    /// How often `node` ran and how long it took in all.
    pub fn runs(&self, node: Node) -> (usize, f64) {
        self.steps.iter().filter(|s| s.node == StepKind::Node(node)).fold((0, 0.0), |(n, ms), s| (n + 1, ms + s.ms))
    }

    /// Whether the turn went along `edge`.
    pub fn took(&self, edge: &Edge) -> bool {
        self.steps.windows(2).any(|w| w[0].node == StepKind::Node(edge.from) && w[1].node == StepKind::Node(edge.to))
    }

    /// The pipeline's own time: every node's time added up.
    pub fn total_ms(&self) -> f64 {
        self.steps.iter().map(|s| s.ms).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pipeline::graph::{next, start};
    use crate::pipeline::state::Mode;

    /// States that reach every router decision of the graph: each mode and routing field, and every
    /// combination of Query Flow's five switches.
    fn states() -> Vec<TurnState> {
        let mut states = Vec::new();
        for mode in [Mode::Agent, Mode::Llm] {
            for cache_hit in [false, true] {
                for small_talk in [false, true] {
                    for needs_retrieval in [false, true] {
                        for retrieved in [0, 1] {
                            for stop in [None, Some(crate::pipeline::stop::StopReason::StepLimit)] {
                                for switches in 0..32u8 {
                                    for again in [false, true] {
                                        let on = |bit: u8| switches & (1 << bit) != 0;
                                        let flags = crate::pipeline::flags::Flags {
                                            query_planning: on(0),
                                            neighbour_expansion: on(1),
                                            rerank: on(2),
                                            sufficiency_check: on(3),
                                            grounding_grade: on(4),
                                            ..Default::default()
                                        };
                                        states.push(TurnState {
                                            mode,
                                            cache_hit,
                                            small_talk,
                                            needs_retrieval,
                                            retrieved_docs_history: vec![Vec::new(); retrieved],
                                            stop_reason: stop.clone(),
                                            flags,
                                            retrieve_again: again,
                                            answer_again: again,
                                            ..TurnState::default()
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        states
    }

    #[test]
    fn the_picture_has_every_route_the_pipeline_takes_and_no_other() {
        let mut taken = Vec::new();
        for state in states() {
            for node in Node::ALL {
                if let Some(to) = next(node, &state) {
                    assert!(
                        EDGES.iter().any(|e| e.from == node && e.to == to),
                        "{} -> {} is not drawn",
                        node.name(),
                        to.name()
                    );
                    taken.push((node, to));
                }
            }
        }
        for e in EDGES {
            assert!(taken.contains(&(e.from, e.to)), "{} -> {} is drawn but never taken", e.from.name(), e.to.name());
        }
        assert_eq!(start(&states()[0]), Node::ExtractSlots);
    }

    #[test]
    fn every_node_has_one_place_and_a_label_in_both_languages() {
        for node in Node::ALL {
            assert_eq!(LAYOUT.iter().filter(|(n, _, _)| *n == node).count(), 1, "{}", node.name());
            assert_ne!(node_label(node, Lang::En), node_label(node, Lang::Ko));
            assert_eq!(StepKind::named(node.name()), Some(StepKind::Node(node)));
        }
        let places: std::collections::HashSet<(u8, u8)> = LAYOUT.iter().map(|(_, c, r)| (*c, *r)).collect();
        assert_eq!(places.len(), LAYOUT.len(), "no two nodes on one spot");
    }
}
