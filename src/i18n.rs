//! The user-interface languages and every visible string of the app, in Korean and English.
//!
//! Strings live in one table per language (a struct, so a missing translation is a compile error).

pub use crate::core::{has_hangul, Lang};
use crate::memory::edit::EditError;

/// The strings of the loading panel (index, model and vectors download), in one language.
#[derive(Debug)]
pub struct LoadingText {
    pub heading: &'static str,
    pub index: &'static str,
    pub model: &'static str,
    pub vectors: &'static str,
    pub ready: &'static str,
    pub waiting: &'static str,
    /// Shown while the vector side loads: keyword search answers meanwhile.
    pub keyword_only: &'static str,
    /// Shown when both sides are ready.
    pub hybrid_ready: &'static str,
    /// Prefix of the reason semantic search could not load.
    pub vectors_failed: &'static str,
}

/// The loading panel's strings in `lang`.
pub fn loading_text(lang: Lang) -> &'static LoadingText {
    match lang {
        Lang::Ko => &LOADING_KO,
        Lang::En => &LOADING_EN,
    }
}

static LOADING_KO: LoadingText = LoadingText {
    heading: "불러오기",
    index: "검색 색인 (키워드)",
    model: "임베딩 모델",
    vectors: "벡터 색인",
    ready: "준비됨",
    waiting: "대기 중",
    keyword_only: "지금은 키워드 검색(BM25)으로 답합니다. 의미 검색은 내려받는 중입니다.",
    hybrid_ready: "하이브리드 검색(키워드 + 의미) 준비됨",
    vectors_failed: "의미 검색을 쓸 수 없어 키워드 검색으로만 답합니다:",
};

static LOADING_EN: LoadingText = LoadingText {
    heading: "Loading",
    index: "Search index (keywords)",
    model: "Embedding model",
    vectors: "Vector index",
    ready: "ready",
    waiting: "waiting",
    keyword_only: "Answering with keyword search (BM25) for now; semantic search is downloading.",
    hybrid_ready: "Hybrid search (keywords + meaning) ready",
    vectors_failed: "Semantic search is unavailable, answering with keyword search only:",
};

/// The strings of the app's panel that opens the Evaluate page, in one language; the page shows the
/// heading and the intro too. Apart from [`EvaluateText`] so that the app's wasm holds only these.
#[derive(Debug)]
pub struct EvaluateLinkText {
    pub heading: &'static str,
    /// What the study is and the promise that the user's own data is not touched.
    pub intro: &'static str,
    /// Where the study runs, and the link that opens it.
    pub apart: &'static str,
    pub open: &'static str,
}

/// The Evaluate panel's strings in `lang`.
pub fn evaluate_link_text(lang: Lang) -> &'static EvaluateLinkText {
    match lang {
        Lang::Ko => &EVALUATE_LINK_KO,
        Lang::En => &EVALUATE_LINK_EN,
    }
}

/// The strings of the Evaluate page (the study run on the user's own model), in one language.
#[derive(Debug)]
pub struct EvaluateText {
    /// The heading and the intro, as the app's panel shows them.
    pub link: &'static EvaluateLinkText,
    /// The page's link back to the app.
    pub back: &'static str,
    /// The page could not load the knowledge index the study searches.
    pub load_failed: &'static str,
    /// Shown when no model is configured.
    pub offline: &'static str,
    pub conversations: &'static str,
    pub languages: &'static str,
    pub arms: &'static str,
    pub run: &'static str,
    pub stop: &'static str,
    /// "{done} of {total} conversations".
    pub progress: &'static str,
    /// "Stopped after {done} of {total} conversations: the figures cover those."
    pub stopped: &'static str,
    pub export: &'static str,
    /// Table headings.
    pub arm: &'static str,
    pub turns: &'static str,
    pub slot_f1: &'static str,
    pub facts_kept: &'static str,
    pub calls: &'static str,
    pub pipeline_ms: &'static str,
    pub judge: &'static str,
    pub faithfulness: &'static str,
    pub relevancy: &'static str,
    pub comparisons: &'static str,
    /// Why the study cannot start yet.
    pub not_ready: &'static str,
    pub nothing_chosen: &'static str,
    pub scenarios_failed: &'static str,
}

/// The Evaluate page's strings in `lang`.
pub fn evaluate_text(lang: Lang) -> &'static EvaluateText {
    match lang {
        Lang::Ko => &EVALUATE_KO,
        Lang::En => &EVALUATE_EN,
    }
}

static EVALUATE_LINK_KO: EvaluateLinkText = EvaluateLinkText {
    heading: "내 모델로 평가하기",
    intro: "가상 환자(Synthea)의 5턴 대화를 여러 설정(ablation 프로필)과 모델 단독으로 돌려, 에이전트가 내 모델에 무엇을 더하는지 보여 줍니다. 평가는 별도의 기억으로 실행되며 내 프로필, 대화, 저장된 답변은 읽지도 바꾸지도 않습니다.",
    apart: "평가는 별도 페이지에서 실행되며, 설정에서 고른 AI 모델을 사용합니다 (대화는 저장되어 있으니 '대화로 돌아가기'로 돌아오면 됩니다). 그 페이지의 코드는 열 때에만 내려받습니다.",
    open: "평가 페이지 열기",
};

static EVALUATE_KO: EvaluateText = EvaluateText {
    link: &EVALUATE_LINK_KO,
    back: "대화로 돌아가기",
    load_failed: "검색 색인을 불러오지 못했습니다:",
    offline: "설정된 AI 모델이 없어 근거 기반 응답기로 평가합니다 (충실도·관련성·판정 점수 없음, 모델 단독 비교 제외).",
    conversations: "언어별 대화 수",
    languages: "언어",
    arms: "비교할 설정",
    run: "평가 실행",
    stop: "중지",
    progress: "대화 {done}/{total}개 완료",
    stopped: "{total}개 중 {done}개 대화 후 중지했습니다. 결과는 그 대화들에 대한 것입니다.",
    export: "결과 JSON 내보내기",
    arm: "설정",
    turns: "턴",
    slot_f1: "슬롯 F1",
    facts_kept: "유지된 사실",
    calls: "모델 호출/턴",
    pipeline_ms: "파이프라인 ms/턴",
    judge: "판정 점수",
    faithfulness: "충실도",
    relevancy: "답변 관련성",
    comparisons: "설정 간 비교 (대응 t-검정)",
    not_ready: "검색 색인을 불러오는 중입니다. 잠시 후 다시 시도하세요.",
    nothing_chosen: "언어와 설정을 하나 이상 고르세요.",
    scenarios_failed: "평가 시나리오를 불러오지 못했습니다:",
};

static EVALUATE_LINK_EN: EvaluateLinkText = EvaluateLinkText {
    heading: "Evaluate on your model",
    intro: "Runs synthetic patients' (Synthea) five-turn conversations under the ablation profiles and the model alone, to show what the agent adds on your model. It runs on a memory of its own: your profiles, conversations and cached answers are neither read nor changed.",
    apart: "The study runs on a page of its own, on the AI model chosen in Settings (your chat stays saved: \"Back to the chat\" returns to it). Its code is downloaded only when you open it.",
    open: "Open the evaluation page",
};

static EVALUATE_EN: EvaluateText = EvaluateText {
    link: &EVALUATE_LINK_EN,
    back: "Back to the chat",
    load_failed: "Could not load the search index:",
    offline: "No AI model is configured: the study runs with the evidence responder (no faithfulness, relevancy or judge scores; the model-only arm is left out).",
    conversations: "Conversations per language",
    languages: "Languages",
    arms: "Arms to compare",
    run: "Run the study",
    stop: "Stop",
    progress: "{done} of {total} conversations done",
    stopped: "Stopped after {done} of {total} conversations: the figures cover those.",
    export: "Export results (JSON)",
    arm: "Arm",
    turns: "Turns",
    slot_f1: "Slot F1",
    facts_kept: "Facts kept",
    calls: "Model calls/turn",
    pipeline_ms: "Pipeline ms/turn",
    judge: "Judge score",
    faithfulness: "Faithfulness",
    relevancy: "Answer relevancy",
    comparisons: "Between arms (paired t-test)",
    not_ready: "The search index is still loading; try again in a moment.",
    nothing_chosen: "Choose at least one language and one arm.",
    scenarios_failed: "Could not load the study's scenarios:",
};

/// Every visible string of the app shell in one language.
#[derive(Debug)]
pub struct Ui {
    pub product: &'static str,
    pub tagline: &'static str,
    /// Label of the language switch: names the language it switches *to*, in that language.
    pub switch_to_other: &'static str,
    pub chat_heading: &'static str,
    pub chat_empty: &'static str,
    pub input_label: &'static str,
    pub input_placeholder: &'static str,
    pub send: &'static str,
    pub you: &'static str,
    pub agent: &'static str,
    pub profile_heading: &'static str,
    pub profile_empty: &'static str,
    pub trace_heading: &'static str,
    pub trace_empty: &'static str,
    pub disclaimer: &'static str,
    pub loading_index: &'static str,
    pub index_failed: &'static str,
    pub thinking: &'static str,
    pub sources: &'static str,
    pub open_source: &'static str,
    pub cached: &'static str,
    pub emergency: &'static str,
    /// The label of a medicine interaction warning's source line.
    pub interaction_source: &'static str,
    /// Said of a medicine only the profile keeps (not named in this message).
    pub interaction_profile: &'static str,
    pub forget_all: &'static str,
    pub forget_confirm: &'static str,
    pub delete_fact: &'static str,
    pub weight: &'static str,
    pub stop_reason: &'static str,
    pub storage_recovered: &'static str,
    /// What a failed save did not keep: one turn, or one change made in a panel.
    pub unsaved_turn: &'static str,
    pub unsaved_change: &'static str,
    pub settings: &'static str,
    pub provider: &'static str,
    pub provider_offline: &'static str,
    pub provider_openai: &'static str,
    pub provider_anthropic: &'static str,
    pub provider_gemini: &'static str,
    pub base_url: &'static str,
    pub base_url_blocked: &'static str,
    pub model: &'static str,
    pub api_key: &'static str,
    pub key_warning: &'static str,
    pub remember_key: &'static str,
    pub mode: &'static str,
    /// The settings label of the country whose emergency numbers the triage notice gives.
    pub country: &'static str,
    pub mode_agent: &'static str,
    pub mode_llm: &'static str,
    pub ablation: &'static str,
    pub custom_flags: &'static str,
    pub flags: &'static str,
    pub save_settings: &'static str,
    pub saved: &'static str,
    pub test_connection: &'static str,
    pub testing: &'static str,
    pub connection_ok: &'static str,
    pub offline_nothing_to_test: &'static str,
    pub stop: &'static str,
    pub regenerate: &'static str,
    pub export_all: &'static str,
    pub import: &'static str,
    pub import_preview: &'static str,
    pub import_apply: &'static str,
    pub import_done: &'static str,
    /// Beside the tick that lets an import change where questions are sent (the destination follows).
    pub import_destination: &'static str,
    pub export_without_key: &'static str,
    pub cancel: &'static str,
    pub data_heading: &'static str,
    pub stopped: &'static str,
    /// Under an answer the page lost (closed or reloaded while it was being written).
    pub interrupted: &'static str,
    /// The storage limit as the user reads it (`{max}`: turns per person).
    pub turns_cap: &'static str,
    /// Above a conversation that lost old turns to the limit (`{n}` of them; `{max}` the limit).
    pub turns_dropped: &'static str,
    pub turns_archived: &'static str,
    pub person: &'static str,
    /// The name of the unnamed first person.
    pub default_person: &'static str,
    pub add_person: &'static str,
    pub rename_person: &'static str,
    pub remove_person: &'static str,
    pub person_name: &'static str,
    pub person_name_placeholder: &'static str,
    pub save: &'static str,
    /// `{name}` is replaced.
    pub remove_person_confirm: &'static str,
    pub remove_person_yes: &'static str,
    pub person_name_empty: &'static str,
    /// `{max}` is replaced.
    pub person_name_too_long: &'static str,
    /// `{name}` is replaced.
    pub person_name_taken: &'static str,
    pub person_last: &'static str,
    pub person_unknown: &'static str,
    /// Facts about someone else added to their profile (`{name}`, `{facts}`).
    pub others_saved: &'static str,
    /// Facts about someone not in People, kept nowhere (`{who}`: "your son" / "아들", `{facts}`).
    pub others_offer: &'static str,
    /// The button adding that person with the facts (`{name}`: the name they get).
    pub others_add: &'static str,
    /// Facts about someone the message did not name (`{facts}`): kept nowhere, and the question who.
    pub others_unclear: &'static str,
    pub edit_fact: &'static str,
    pub fact_new_value: &'static str,
    pub said: &'static str,
    pub weight_help: &'static str,
    /// `{min}`, `{max}`, `{unit}` are replaced.
    pub edit_number: &'static str,
    pub edit_blood_pressure: &'static str,
    pub edit_age: &'static str,
    pub edit_age_group: &'static str,
    pub edit_gender: &'static str,
    pub edit_yes_no: &'static str,
    pub edit_duration: &'static str,
    pub close: &'static str,
    pub trace_turn: &'static str,
    pub trace_graph: &'static str,
    pub trace_graph_help: &'static str,
    pub trace_timings: &'static str,
    pub trace_total: &'static str,
    pub trace_documents: &'static str,
    /// `{n}` is replaced.
    pub trace_iteration: &'static str,
    pub trace_query: &'static str,
    pub trace_search: &'static str,
    pub trace_document: &'static str,
    pub rank_vector: &'static str,
    pub rank_rrf: &'static str,
    pub trace_quality: &'static str,
    pub quality_overall: &'static str,
    pub quality_grounding: &'static str,
    pub quality_completeness: &'static str,
    pub quality_accuracy: &'static str,
    pub quality_method: &'static str,
    pub quality_missing: &'static str,
    pub trace_rewritten: &'static str,
    pub trace_none: &'static str,
    pub trace_no_search: &'static str,
    pub trace_cache_hit: &'static str,
    pub trace_detail: &'static str,
    pub max_llm_calls: &'static str,
    pub max_llm_calls_invalid: &'static str,
    pub trace_plan: &'static str,
    pub trace_plan_query: &'static str,
    pub trace_subqueries: &'static str,
    pub trace_plan_by_model: &'static str,
    pub trace_plan_local: &'static str,
    pub trace_pool: &'static str,
    pub trace_rerank: &'static str,
    pub trace_sufficiency: &'static str,
    pub trace_grades: &'static str,
    pub trace_grounded: &'static str,
    pub trace_not_grounded: &'static str,
    pub trace_model_calls: &'static str,
}

const KO: Ui = Ui {
    product: "medagent",
    tagline: "내 기기 안에서만 동작하는 의료 지식 에이전트",
    switch_to_other: "English",
    chat_heading: "대화",
    chat_empty: "건강에 관해 궁금한 점을 물어보세요. 대화와 건강 정보는 이 브라우저에만 저장됩니다.",
    input_label: "질문",
    input_placeholder: "예: 당뇨병 초기 증상은 무엇인가요?",
    send: "보내기",
    you: "나",
    agent: "에이전트",
    profile_heading: "환자 프로필",
    profile_empty: "아직 알고 있는 정보가 없습니다. 대화에서 말씀하신 나이, 질환, 복용 약, 검사 수치가 여기에 표시됩니다.",
    trace_heading: "처리 과정",
    trace_empty: "답변이 만들어지면 각 단계와 소요 시간이 여기에 표시됩니다.",
    disclaimer: "이 서비스는 의학 정보를 제공할 뿐 진단이나 치료를 대신하지 않습니다. 응급 상황에서는 119에 연락하세요.",
    loading_index: "의학 지식 색인을 불러오는 중…",
    index_failed: "의학 지식 색인을 불러오지 못했습니다. 페이지를 새로 고치거나, 직접 배포했다면 `medagent index build`로 색인을 만들었는지 확인하세요.",
    thinking: "답변을 준비하는 중…",
    sources: "출처",
    open_source: "원문 보기",
    cached: "저장된 답변",
    emergency: "응급 안내",
    interaction_source: "출처",
    interaction_profile: "복용 중",
    forget_all: "모두 잊기",
    forget_confirm: "이 프로필의 모든 정보와 대화를 지울까요? 되돌릴 수 없습니다.",
    delete_fact: "삭제",
    weight: "반영 비중",
    stop_reason: "종료 이유",
    storage_recovered: "저장된 데이터 일부를 읽을 수 없어 백업해 두고 새로 시작했습니다.",
    unsaved_turn: "이번 질문과 답변, 그리고 여기서 말한 정보",
    unsaved_change: "방금 바꾼 내용",
    settings: "설정",
    provider: "AI 모델 제공자",
    provider_offline: "없음 (자료만으로 답변)",
    provider_openai: "OpenAI 호환 (OpenAI, Ollama, llama.cpp, LM Studio …)",
    provider_anthropic: "Anthropic",
    provider_gemini: "Google Gemini",
    base_url: "기본 URL",
    base_url_blocked: "이 주소에는 연결할 수 없습니다. 이 페이지는 보안 정책상 https 주소와 이 컴퓨터의 http 주소(localhost, 127.0.0.1)에만 연결합니다.",
    model: "모델",
    api_key: "API 키",
    key_warning: "키는 이 브라우저에만 저장되며 선택한 제공자에게만 보내집니다. 공용 컴퓨터라면 '이 세션에서만'을 사용하세요.",
    remember_key: "이 브라우저에 키 기억하기 (해제하면 이 세션에서만)",
    mode: "방식",
    country: "응급 전화번호 (국가)",
    mode_agent: "에이전트 (자료 검색, 프로필, 자기 검토)",
    mode_llm: "일반 LLM (질문만 그대로)",
    ablation: "실험 프로필",
    custom_flags: "사용자 지정",
    flags: "세부 기능",
    save_settings: "저장",
    saved: "저장했습니다.",
    test_connection: "연결 시험",
    testing: "시험 중…",
    connection_ok: "연결됨. 모델 답:",
    offline_nothing_to_test: "제공자가 없으면 시험할 연결이 없습니다.",
    stop: "중지",
    regenerate: "다시 생성",
    export_all: "모두 내보내기 (JSON)",
    import: "가져오기",
    import_preview: "가져올 내용:",
    import_apply: "가져오기 적용",
    import_done: "가져왔습니다. 다시 불러옵니다.",
    import_destination: "앞으로의 질문(프로필 포함)을 파일에 적힌 곳으로 보내기:",
    export_without_key: "내보냈습니다. API 키는 들어 있지 않습니다. 가져온 뒤 설정에서 다시 입력하세요.",
    cancel: "취소",
    data_heading: "내 데이터",
    stopped: "중지됨",
    turns_cap: "대상자마다 최근 {max}개의 대화를 그대로 저장하고 (화면의 대화와 에이전트의 대화 기억 모두), 그 이전 대화 {archived}개는 한 줄 요약으로 보관합니다. 전부 보관하려면 내보내기를 사용하세요.",
    turns_dropped: "가장 오래된 대화 {n}개는 더 이상 보관하지 않습니다 (최근 {max}개는 그대로, 그 이전 {archived}개는 요약으로 보관). 전부 보관하려면 내보내기를 사용하세요.",
    turns_archived: "이전 대화 {n}개 (한 줄 요약)",
    interrupted: "답변이 끝나기 전에 페이지가 닫히거나 새로고침되어 중단되었습니다. 다시 생성을 눌러 보세요.",
    person: "대상자",
    default_person: "나",
    add_person: "사람 추가",
    rename_person: "이름 바꾸기",
    remove_person: "삭제",
    person_name: "이름",
    person_name_placeholder: "예: 엄마",
    save: "저장",
    remove_person_confirm: "{name} 님을 삭제할까요? 이 기기에 있는 {name} 님의 프로필, 대화, 저장된 답변이 모두 지워지며 되돌릴 수 없습니다.",
    remove_person_yes: "삭제합니다",
    person_name_empty: "이름을 입력하세요.",
    person_name_too_long: "이름은 {max}자까지 쓸 수 있습니다.",
    person_name_taken: "‘{name}’은(는) 이미 있는 이름입니다. 다른 이름을 쓰세요.",
    person_last: "마지막 한 사람은 삭제할 수 없습니다. 정보를 지우려면 '모두 잊기'를 사용하세요.",
    person_unknown: "없는 사람입니다",
    others_saved: "{name}의 프로필에 저장했습니다: {facts}",
    others_offer: "{who}에 관한 정보입니다: {facts}. 사람 목록에 없어 아무 데도 저장하지 않았습니다.",
    others_add: "‘{name}’을(를) 추가하고 이 정보 저장",
    others_unclear: "누구에 관한 정보인지 알 수 없어 저장하지 않았습니다: {facts}. 누구인지 알려 주세요 (예: ‘아들이 …’).",
    edit_fact: "수정",
    fact_new_value: "새 값",
    said: "말한 때",
    weight_help: "시간이 지나면 줄어드는 반영 비중입니다 (활력징후는 몇 시간, 검사 수치는 며칠, 질환은 몇 달에 걸쳐 줄어듭니다).",
    edit_number: "{min}~{max} {unit} 사이의 숫자를 입력하세요.",
    edit_blood_pressure: "혈압은 수축기/이완기로 입력하세요. 예: 130/85",
    edit_age: "1~120 사이의 나이를 입력하세요.",
    edit_age_group: "40처럼 10 단위 연령대를 입력하세요 (40대).",
    edit_gender: "남성 또는 여성을 입력하세요.",
    edit_yes_no: "예 또는 아니요를 입력하세요.",
    edit_duration: "기간을 입력하세요 (예: 10년, 3개월). 비워 두어도 됩니다.",
    close: "닫기",
    trace_turn: "볼 질문",
    trace_graph: "실행 경로",
    trace_graph_help: "실행된 단계는 색으로 채워지고 지나간 경로는 굵게 표시됩니다. ×2는 두 번 실행된 단계입니다.",
    trace_timings: "단계별 소요 시간",
    trace_total: "합계 (모델 대기 포함)",
    trace_documents: "검색 문서와 순위",
    trace_iteration: "{n}회차",
    trace_query: "검색어",
    trace_search: "검색 방식",
    trace_document: "문서",
    rank_vector: "벡터",
    rank_rrf: "RRF (결합)",
    trace_quality: "회차별 품질 점수",
    quality_overall: "종합",
    quality_grounding: "근거성",
    quality_completeness: "완전성",
    quality_accuracy: "정확성",
    quality_method: "평가 방식",
    quality_missing: "부족한 정보",
    trace_rewritten: "다시 쓴 검색어",
    trace_none: "없음",
    trace_no_search: "이 질문에서는 자료를 검색하지 않았습니다.",
    trace_cache_hit: "저장된 답변으로 응답했습니다 (검색과 생성 생략).",
    trace_detail: "판단 내용",
    max_llm_calls: "질문 하나에 쓸 모델 호출 최대 횟수",
    max_llm_calls_invalid: "모델 호출 횟수는 0부터 {max}까지의 정수로 적어 주세요. 이전 값을 유지합니다.",
    trace_plan: "검색 계획",
    trace_plan_query: "영어 검색어",
    trace_subqueries: "하위 검색어",
    trace_plan_by_model: "모델이 작성",
    trace_plan_local: "기기에서 작성 (모델 없음 또는 응답 오류)",
    trace_pool: "누적 문서 수",
    trace_rerank: "재순위",
    trace_sufficiency: "근거 충분성",
    trace_grades: "근거 검증",
    trace_grounded: "근거 있음",
    trace_not_grounded: "근거 부족",
    trace_model_calls: "모델 호출 {n}회 (한도 {max}회)",
};

const EN: Ui = Ui {
    product: "medagent",
    tagline: "A medical knowledge agent that runs only on your device",
    switch_to_other: "한국어",
    chat_heading: "Conversation",
    chat_empty: "Ask anything about your health. Your conversation and health details stay in this browser.",
    input_label: "Your question",
    input_placeholder: "e.g. What are the early signs of diabetes?",
    send: "Send",
    you: "You",
    agent: "Agent",
    profile_heading: "Patient profile",
    profile_empty: "Nothing known yet. Age, conditions, medications and lab values you mention will appear here.",
    trace_heading: "Trace",
    trace_empty: "Once an answer is produced, each step and its timing will appear here.",
    disclaimer: "This is medical information, not a diagnosis or treatment. In an emergency call your local emergency number.",
    loading_index: "Loading the medical knowledge index…",
    index_failed: "Could not load the medical knowledge index. Reload the page; if you deployed this site yourself, check that `medagent index build` was run.",
    thinking: "Preparing the answer…",
    sources: "Sources",
    open_source: "Open the original",
    cached: "Cached answer",
    emergency: "Emergency notice",
    interaction_source: "Source",
    interaction_profile: "you take",
    forget_all: "Forget everything",
    forget_confirm: "Delete everything this profile knows, and its conversation? This cannot be undone.",
    delete_fact: "Delete",
    weight: "weight",
    stop_reason: "Why it stopped",
    storage_recovered: "Some saved data could not be read; it was backed up and the app started fresh.",
    unsaved_turn: "this question and answer, and the facts it stated",
    unsaved_change: "the change you just made",
    settings: "Settings",
    provider: "AI model provider",
    provider_offline: "None (answer from the sources only)",
    provider_openai: "OpenAI-compatible (OpenAI, Ollama, llama.cpp, LM Studio …)",
    provider_anthropic: "Anthropic",
    provider_gemini: "Google Gemini",
    base_url: "Base URL",
    base_url_blocked: "This address cannot be reached: the page's security policy allows https addresses, and http only on this computer (localhost, 127.0.0.1).",
    model: "Model",
    api_key: "API key",
    key_warning: "The key stays in this browser and is sent only to the provider you chose. On a shared computer keep it for this session only.",
    remember_key: "Remember the key in this browser (unticked: this session only)",
    mode: "Mode",
    country: "Emergency numbers (country)",
    mode_agent: "Agent (sources, profile, self-review)",
    mode_llm: "Plain LLM (the question alone)",
    ablation: "Ablation profile",
    custom_flags: "custom",
    flags: "Individual features",
    save_settings: "Save",
    saved: "Saved.",
    test_connection: "Test connection",
    testing: "Testing…",
    connection_ok: "Connected. The model said:",
    offline_nothing_to_test: "With no provider there is no connection to test.",
    stop: "Stop",
    regenerate: "Regenerate",
    export_all: "Export everything (JSON)",
    import: "Import",
    import_preview: "About to import:",
    import_apply: "Apply import",
    import_done: "Imported. Reloading.",
    import_destination: "Also send future questions (with the profile) to the file's destination:",
    export_without_key: "Exported. The API key is not in the file: enter it again in Settings after importing.",
    cancel: "Cancel",
    data_heading: "Your data",
    stopped: "stopped",
    turns_cap: "Kept per person: the last {max} turns whole (the chat and the agent's conversation memory alike) and {archived} turns before them as one-line summaries. Export your data to keep everything.",
    turns_dropped: "The {n} oldest turns are no longer kept (the last {max} are kept whole, {archived} before them as summaries). Export your data to keep everything.",
    turns_archived: "{n} earlier turns (one-line summaries)",
    interrupted: "Interrupted: the page was closed or reloaded before this answer was finished. Try Regenerate.",
    person: "Person",
    default_person: "Me",
    add_person: "Add person",
    rename_person: "Rename",
    remove_person: "Remove",
    person_name: "Name",
    person_name_placeholder: "e.g. Mom",
    save: "Save",
    remove_person_confirm: "Remove {name}? This deletes {name}'s profile, conversation and cached answers on this device. It cannot be undone.",
    remove_person_yes: "Yes, remove",
    person_name_empty: "Enter a name.",
    person_name_too_long: "A name can have at most {max} characters.",
    person_name_taken: "“{name}” is already on the list: choose another name.",
    person_last: "The last person cannot be removed; use “Forget everything” to clear their data.",
    person_unknown: "No such person",
    others_saved: "Saved to {name}'s profile: {facts}",
    others_offer: "This is about {who}: {facts}. Not saved: they are not in People.",
    others_add: "Add “{name}” with these facts",
    others_unclear: "I could not tell whom this is about, so nothing was saved: {facts}. Say who it is (e.g. “my son has …”).",
    edit_fact: "Edit",
    fact_new_value: "New value",
    said: "said",
    weight_help: "How much the fact still counts: it fades with time (vitals within hours, labs within days, conditions over months).",
    edit_number: "Enter a number from {min} to {max} {unit}.",
    edit_blood_pressure: "Enter blood pressure as systolic/diastolic, e.g. 130/85.",
    edit_age: "Enter an age from 1 to 120.",
    edit_age_group: "Enter a decade such as 40 (for the 40s).",
    edit_gender: "Enter male or female.",
    edit_yes_no: "Enter yes or no.",
    edit_duration: "Enter how long, e.g. 10 years or 3 months, or leave it empty.",
    close: "Close",
    trace_turn: "Turn",
    trace_graph: "Node path",
    trace_graph_help: "Nodes that ran are filled and the routes taken are bold; ×2 marks a node that ran twice.",
    trace_timings: "Time per node",
    trace_total: "Total (including waiting for the model)",
    trace_documents: "Documents and their ranks",
    trace_iteration: "Iteration {n}",
    trace_query: "Query",
    trace_search: "Search",
    trace_document: "Document",
    rank_vector: "Vector",
    rank_rrf: "RRF (fused)",
    trace_quality: "Quality per iteration",
    quality_overall: "overall",
    quality_grounding: "grounding",
    quality_completeness: "completeness",
    quality_accuracy: "accuracy",
    quality_method: "method",
    quality_missing: "missing",
    trace_rewritten: "Rewritten queries",
    trace_none: "none",
    trace_no_search: "No search ran in this turn.",
    trace_cache_hit: "Answered from the cache (no search, no generation).",
    trace_detail: "what it decided",
    max_llm_calls: "Model calls per question, at most",
    max_llm_calls_invalid: "The number of model calls must be a whole number from 0 to {max}; the previous value is kept.",
    trace_plan: "Search plan",
    trace_plan_query: "English query",
    trace_subqueries: "Sub-queries",
    trace_plan_by_model: "written by the model",
    trace_plan_local: "written on this device (no model, or its reply was unusable)",
    trace_pool: "passages pooled",
    trace_rerank: "Rerank",
    trace_sufficiency: "Enough evidence?",
    trace_grades: "Grounding grade",
    trace_grounded: "grounded",
    trace_not_grounded: "not grounded",
    trace_model_calls: "{n} model calls (budget {max})",
};

/// The string table for `lang`.
pub fn ui(lang: Lang) -> &'static Ui {
    match lang {
        Lang::Ko => &KO,
        Lang::En => &EN,
    }
}

// The messages live with the other UI strings (memory, below the UI, knows no text).
impl EditError {
    /// What went wrong and what to type, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        let text = ui(lang);
        match self {
            EditError::Number { min, max, unit } => {
                text.edit_number.replace("{min}", &number(*min)).replace("{max}", &number(*max)).replace("{unit}", unit)
            }
            EditError::BloodPressure => text.edit_blood_pressure.to_string(),
            EditError::Age => text.edit_age.to_string(),
            EditError::AgeGroup => text.edit_age_group.to_string(),
            EditError::Gender => text.edit_gender.to_string(),
            EditError::YesNo => text.edit_yes_no.to_string(),
            EditError::Duration => text.edit_duration.to_string(),
        }
    }
}

/// `x` without a trailing ".0".
fn number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        x.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_tags_pick_the_language() {
        assert_eq!(Lang::from_tag("ko-KR"), Lang::Ko);
        assert_eq!(Lang::from_tag("ko"), Lang::Ko);
        assert_eq!(Lang::from_tag("KO_kr"), Lang::Ko);
        assert_eq!(Lang::from_tag("en-US"), Lang::En);
        assert_eq!(Lang::from_tag("kok"), Lang::En, "Konkani is not Korean");
        assert_eq!(Lang::from_tag(""), Lang::En);
    }

    #[test]
    fn korean_table_is_korean_and_english_is_not() {
        let ko = ui(Lang::Ko);
        let en = ui(Lang::En);
        for (k, e) in [
            (ko.tagline, en.tagline),
            (ko.chat_empty, en.chat_empty),
            (ko.send, en.send),
            (ko.loading_index, en.loading_index),
            (ko.forget_confirm, en.forget_confirm),
            (ko.profile_heading, en.profile_heading),
            (ko.trace_heading, en.trace_heading),
            (ko.disclaimer, en.disclaimer),
            (ko.person, en.person),
            (ko.remove_person_confirm, en.remove_person_confirm),
            (ko.person_last, en.person_last),
            (ko.weight_help, en.weight_help),
            (ko.edit_duration, en.edit_duration),
            (ko.trace_graph_help, en.trace_graph_help),
            (ko.trace_documents, en.trace_documents),
            (ko.trace_cache_hit, en.trace_cache_hit),
        ] {
            assert!(has_hangul(k), "Korean string without Hangul: {k}");
            assert!(!has_hangul(e), "English string with Hangul: {e}");
        }
        // The switch is labelled with the language it leads to.
        assert!(has_hangul(en.switch_to_other));
        assert!(!has_hangul(ko.switch_to_other));
    }
}
