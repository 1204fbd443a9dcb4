//! The two views of a message the rules read, and the context a mention sits in.
//!
//! English is matched on the message lowercased (ASCII only, so byte offsets stay those of the
//! message). Korean is matched on the same text with every space removed: Koreans space freely
//! ("가슴이 아파요", "가슴이아파요", "가슴 이 아파요"), so a Korean form is written once, without
//! spaces, and still matches every spacing; an offset table maps a match back to the message.

use crate::core::site::{site_pattern, site_text, SiteText};

/// The regular expressions of this module and of `readings`, `frame` and `poisoning`, and their word
/// lists, by name (`text_patterns.tsv`, whose header says the format): natively built in; the app fetches the file from the site before the first message, so
/// its wasm does not carry them.
pub static TEXT_PATTERNS: SiteText =
    site_text!("triage/text_patterns.tsv", "text_patterns.sha256", include_str!("text_patterns.tsv"));

/// A sentence's byte range and its aside.
type Judged = ((usize, usize), Option<Aside>);

/// A message prepared for matching.
pub struct View<'a> {
    pub text: &'a str,
    /// `text` lowercased (ASCII letters only): byte offsets equal those of `text`.
    pub lower: String,
    /// `lower` without whitespace.
    pub compact: String,
    /// For each byte of `compact`, the offset of the same byte in `text` (plus one past the end).
    offsets: Vec<usize>,
    /// Whether there is Korean / Latin script to match at all (the other language's forms are skipped).
    pub has_hangul: bool,
    pub has_latin: bool,
    /// The message is framed as school, work, a statistic, a story, news, a plan or a hand-out for
    /// an event that may come, or a lesson, and says nobody wants to die: its signs are what it is
    /// about, not what is happening, unless a sentence says one began or holds now.
    framed: bool,
    /// The message says it is no joke or a last word somewhere: no laughter in it is figurative.
    grave: bool,
    /// The message tells of a scene on screen or in a book and asks whether it is real.
    scene: bool,
    /// The message is a clinical question asked for work or study: its writer says they are a health
    /// professional or a student of one, or it is a case, an exam question or a report of work. Its
    /// signs are a patient's or a case's, unless a sentence tells of an emergency happening now.
    clinical: bool,
    /// The aside of each sentence judged so far: a sentence is judged once.
    asides: std::cell::RefCell<Vec<Judged>>,
}

impl<'a> View<'a> {
    pub fn new(text: &'a str) -> Self {
        let lower = text.to_ascii_lowercase();
        let (compact, offsets) = crate::core::compact(&lower);
        let has_hangul = crate::core::has_hangul(text);
        let has_latin = text.bytes().any(|b| b.is_ascii_alphabetic());
        let framed = (en_study().is_match(&lower)
            || ko_study().is_match(&compact)
            || en_story().is_match(&lower)
            || ko_story().is_match(&compact)
            || en_prepared().is_match(&lower)
            || ko_prepared().is_match(&compact))
            && !en_desire().is_match(&lower)
            && !ko_desire().is_match(&compact);
        let grave = en_grave().is_match(&lower) || ko_grave().is_match(&compact);
        let scene = (en_fiction().is_match(&lower) || ko_fiction().is_match(&compact))
            && (en_fiction_ask().is_match(&lower) || ko_fiction_ask().is_match(&compact));
        // ... unless the message tells of an emergency happening now anywhere in it ("what do i do",
        // "지금 저 혼자인데"): a professional alone with a resident in danger is asking for help.
        let clinical = (en_clinical().is_match(&lower) || ko_clinical().is_match(&compact))
            && !en_live().is_match(&lower)
            && !ko_live().is_match(&compact);
        View {
            text,
            lower,
            compact,
            offsets,
            has_hangul,
            has_latin,
            framed,
            grave,
            scene,
            clinical,
            asides: Default::default(),
        }
    }

    /// Whether the message is framed as school, work, a statistic, a story, news, a plan or a lesson.
    pub fn framed(&self) -> bool {
        self.framed
    }

    /// The message span of the compact span `start..end`.
    pub fn span_of_compact(&self, start: usize, end: usize) -> (usize, usize) {
        // Bytes map one to one, so the match ends one past where its last byte is.
        let end = if end > start { self.offsets[end - 1] + 1 } else { self.offsets[start] };
        (self.offsets[start], end)
    }
}

// English negators shortly before a mention ("no chest pain", "denies shortness of breath or
// chest pain"). A negation that is part of the concept ("won't wake up") is inside the match.
site_pattern!(TEXT_PATTERNS, en_negator);
// Korean negation right after the mention ("열은 없어요", "숨찬 건 없는데", "아프지 않아요",
// "토하지는 않았어요").
site_pattern!(TEXT_PATTERNS, ko_negated_after);
site_pattern!(TEXT_PATTERNS, ko_denied_thought);
// Someone else's question about a sign, and the writer's answer no (see [`is_negated`]).
site_pattern!(TEXT_PATTERNS, en_asked_if);
site_pattern!(TEXT_PATTERNS, en_answered_no);
// A Korean clause that ends right after the mention ("몸이 뜨겁고 땀이 안 나요"): a negation after it
// belongs to the next clause's subject.
site_pattern!(TEXT_PATTERNS, ko_clause_ends);
// "심장마비인 줄 알고": a mistaken belief, not the thing itself.
site_pattern!(TEXT_PATTERNS, ko_mistaken);
// "마른익사라는 게 진짜 있어요?": a term asked about.
// ... with the other language's name in brackets between ("마른 익사(dry drowning)라는 게").
site_pattern!(TEXT_PATTERNS, ko_term);
// "not breathing fast": a negative form followed by a manner denies the manner, not the breathing.
site_pattern!(TEXT_PATTERNS, en_manner);
// ... or after a list of them ("가슴 통증이나 숨찬 증상은 없어요", "죽고싶다거나 자해하고 싶은 생각은
// 전혀 없어요"), within the clause: its items joined by commas ("가슴 통증이나 숨찬거, 식은땀 이런건
// 전혀 없고") or each with its own "도" ("숨찬 것도 식은땀도 없었어요").
site_pattern!(TEXT_PATTERNS, ko_negated_list);
// "갑자기 심하게 아픈 건 아니에요": "it is not that ..." denies the manner words before it, across at
// most one adverb and the verb they describe (not across a clause: "아프고 숨찬 건 아니에요").
site_pattern!(TEXT_PATTERNS, ko_not_that);
site_pattern!(TEXT_PATTERNS, ko_unstopped);
/// Korean negators said as a word of their own inside a mention ("가슴은 안 아프고").
const KO_NEGATORS: &[&str] = &["안", "못", "전혀", "별로"];
// ... or joined to the verb ("배도 안아프고", "안어지러워요").
site_pattern!(TEXT_PATTERNS, ko_joined_negation);

/// Whether the mention at `start..end` of the message is negated. `negative_form`: the concept is
/// itself a negation ("won't stop", "안 깨어나요"), so only a negator before it counts.
pub fn is_negated(view: &View, start: usize, end: usize, negative_form: bool) -> bool {
    // English: a negator at most two words before the mention ("no chest pain", "I don't have a
    // fever"), or five across a list ("denies shortness of breath or chest pain"); further away it
    // negates something else ("my inhaler isn't helping at all, struggling to breathe").
    let before = &view.lower[clause_start(&view.lower, start)..start];
    let words: Vec<&str> = before.split_whitespace().collect();
    if let Some(at) =
        words.iter().rposition(|w| en_negator().is_match(w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')))
    {
        let between = &words[at + 1..];
        let listed = between.iter().any(|w| matches!(*w, "or" | "nor"));
        // "no thoughts of hurting myself", "never had any suicidal thoughts": a denial of a thought
        // reaches through the words that name it.
        // "not going to do anything to hurt myself" reaches through an intention the same way.
        let thought = between.iter().any(|w| {
            w.starts_with("thought")
                || matches!(
                    *w,
                    "urge" | "urges" | "plans" | "plan" | "intention" | "intend" | "going" | "gonna" | "anything"
                )
        });
        if between.len() <= 2 || ((listed || thought) && between.len() <= 5) {
            return true;
        }
    }
    // A question someone asked, answered no ("my therapist asked if I have thoughts of hurting
    // myself and I honestly don't", "asked if im having ... and honestly no").
    let sentence_start = last_mark(&view.lower, start, &['.', '!', '?', '\n', ';']).map_or(0, |i| i + 1);
    if en_asked_if().is_match(&view.lower[sentence_start..start]) {
        let sentence_end = next_mark(&view.lower, end, &['.', '!', '?', '\n', ';']).unwrap_or(view.lower.len());
        if en_answered_no().is_match(&view.lower[end..sentence_end]) {
            return true;
        }
    }
    // Korean: "안 아프고" inside (unless the form is itself a negation), "없어요" after.
    let inside: Vec<&str> = view.lower[start..end].split_whitespace().collect();
    // "안 좋아요" (feels bad) is a complaint, not a denial.
    // A negative form's own negation is part of it ("침을 못 삼켜요"); a negator before one of the
    // plain symptom verbs inside it still denies ("입술이나 목도 안 부었어요").
    let symptom_verb = |w: &str| ko_joined_negation().is_match(&format!("안{w}"));
    let denied_inside = inside
        .windows(2)
        .any(|w| KO_NEGATORS.contains(&w[0]) && !w[1].starts_with('좋') && (!negative_form || symptom_verb(w[1])))
        || inside.iter().skip(1).any(|w| ko_joined_negation().is_match(w));
    // ... and "안" right before the mention ("안 어지러워요", "안아파요"); "못" is left alone, as
    // "못 걷겠어요" is a sign.
    let before_word = view.lower[..start].trim_end().rsplit(char::is_whitespace).next().unwrap_or("");
    if !negative_form && before_word == "안" {
        return true;
    }
    // The denial follows within the sentence: a line break or a full stop ends its reach ("vomiting
    // blood\n어지럽진 않아요" is two statements).
    let sentence_end = next_mark(&view.lower, end, &['.', '!', '?', '\n', ';']).unwrap_or(view.lower.len());
    let within = |chars: usize| {
        view.lower[end..].char_indices().nth(chars).map_or(view.lower.len(), |(i, _)| end + i).min(sentence_end)
    };
    let (after_end, list_end) = (within(8), within(24));
    let after = view.lower[end..after_end].trim_start();
    // "힘이 안 들어가요" (no strength) is a sign, not a denial of what came before.
    // "기운이 없어요" (no energy) is a sign too.
    // "아무도 없는데" (nobody is around) says where, not that the thing before is absent.
    let strength = |w: &str| ["힘", "기운", "기력"].iter().any(|s| w.starts_with(s));
    let weakness =
        strength(after) || after.starts_with("아무도") || after.split_whitespace().nth(1).is_some_and(strength);
    if ko_mistaken().is_match(after) {
        return true;
    }
    // "구토가 멈추질 않아요", "피가 안 멈춰요": a sign that does not stop goes on.
    let unstopped = ko_unstopped().is_match(after);
    if negative_form {
        // "깨워도 일어나지 않아요" is the sign itself; only a denied thought undoes such a form
        // ("죽고 싶은 생각은 없어요", "죽고싶은 건 아니고"), a manner denied ("not breathing fast"), or
        // a list denied ("갈비뼈 들어가거나 입술색 변하는 것도 없어요").
        let negated_verb = view.lower[start..end].split_whitespace().next().is_some_and(|w| en_negator().is_match(w));
        // A thought is denied across a few words ("죽고싶다 이런 생각은 전혀 없어요").
        let thought = view.lower[end..list_end].trim_start();
        return denied_inside
            || ko_denied_thought().is_match(thought)
            || (negated_verb && en_manner().is_match(&view.lower[end..]))
            || ko_negated_list().is_match(view.lower[end..list_end].trim_start());
    }
    let list = view.lower[end..list_end].trim_start();
    // "숨찬 것도 나아지지 않아요": a sign that does not ease goes on.
    let list_unstopped =
        ["멈추", "멈춰", "멎", "그치", "나아지", "좋아지", "줄어", "가라앉", "낫지"].iter().any(|w| list.contains(w));
    denied_inside
        || (!weakness && !unstopped && !ko_clause_ends().is_match(after) && ko_negated_after().is_match(after))
        || ko_denied_thought().is_match(list)
        || (!list_unstopped && ko_negated_list().is_match(list))
        || (!weakness
            && ko_not_that().is_match(list)
            && !list.split_whitespace().next().is_some_and(|w| w.ends_with('고')))
}

/// Whether the mark at byte `i` ends a sentence or clause: the point of "37.9" or "2.5" does not.
fn is_mark(text: &str, i: usize, marks: &[char]) -> bool {
    let b = text.as_bytes();
    let decimal = b[i] == b'.' && i > 0 && b[i - 1].is_ascii_digit() && b.get(i + 1).is_some_and(u8::is_ascii_digit);
    marks.contains(&(b[i] as char)) && !decimal
}

/// The last mark before `at`.
fn last_mark(text: &str, at: usize, marks: &[char]) -> Option<usize> {
    text[..at].char_indices().rev().find(|&(i, c)| c.is_ascii() && is_mark(text, i, marks)).map(|(i, _)| i)
}

/// The first mark at or after `from`.
fn next_mark(text: &str, from: usize, marks: &[char]) -> Option<usize> {
    text[from..].char_indices().find(|&(i, c)| c.is_ascii() && is_mark(text, from + i, marks)).map(|(i, _)| from + i)
}

/// Where the clause holding `at` starts: after the last clause mark before it.
fn clause_start(text: &str, at: usize) -> usize {
    let from = last_mark(text, at, &['.', '!', '?', '\n', ',', ';']).map_or(0, |i| i + 1);
    // "but" and "just" start a new clause too ("no fever but my chest hurts").
    let tail = &text[from..at];
    [" but ", " just ", " though "]
        .iter()
        .filter_map(|w| tail.rfind(w).map(|i| from + i + w.len()))
        .max()
        .unwrap_or(from)
}

// Korean sentences often end without a mark: a polite or plain ending followed by a space ends one
// ("작년에 뇌경색이 왔었어요 지금은 재활 중이에요" is two statements).
// Laughter right after such an ending is that sentence's ("배고파 쓰러지겠어요 ㅋㅋ 단백질 ..." jokes about
// the collapse, not about the protein). Laughter followed by a turn ends one too: the joke is over
// ("이겼어요 ㅋㅋ 근데 동생이 ...").
// So does the idiom "~ 죽겠다" ("숨막혀 죽겠다 어제 밤새서 ...") or "killing me" ("finals are killing me
// and my chest is crushing"): the hyperbole closes its clause, and what follows is read on its own.
site_pattern!(TEXT_PATTERNS, unmarked_sentence_end);

/// The byte range of the sentence holding `start..end` (with its closing mark).
pub fn sentence_around(text: &str, start: usize, end: usize) -> (usize, usize) {
    let mut from = last_mark(text, start, &['.', '!', '?', '\n']).map_or(0, |i| i + 1);
    let mut to = next_mark(text, end, &['.', '!', '?', '\n']).map_or(text.len(), |i| i + 1).min(text.len());
    if let Some(m) = unmarked_sentence_end().find_iter(&text[from..start]).last() {
        from += m.end();
    }
    if let Some(m) = unmarked_sentence_end().find(&text[end..to]) {
        to = end + m.end();
    }
    (from, to)
}

// A question asked in general: about signs, causes, diagnosis, treatment ("what are the warning
// signs of a heart attack?", "심근경색의 초기 증상은 무엇인가요?").
site_pattern!(TEXT_PATTERNS, en_information);
// Korean: a topic word (symptoms, diagnosis, treatment ...) in a sentence that asks ("증상은 없어요"
// says something about the asker; "증상은 무엇인가요?" does not).
site_pattern!(TEXT_PATTERNS, ko_topic);
site_pattern!(TEXT_PATTERNS, ko_asking);
// A hypothetical ("what should I do if someone ...", "삼키면 왜 위험한가요"): nobody is ill now.
// ... or a plan for an event that may come ("if he has a seizure at school, what should the teacher
// do?", "혹시 학교에서 발작하면 선생님이 어떻게 해야 하나요").
site_pattern!(TEXT_PATTERNS, en_hypothetical);
// "if she did bang her head", "if he ever swallows one": a possible event, unless the writer is unsure
// whether it happened ("not sure if he did swallow it").
site_pattern!(TEXT_PATTERNS, en_if_possible);
site_pattern!(TEXT_PATTERNS, en_unsure);
site_pattern!(TEXT_PATTERNS, ko_hypothetical);
// Words that make a question about someone now ("my dad has chest pain, what should I do?").
site_pattern!(TEXT_PATTERNS, en_report);
site_pattern!(TEXT_PATTERNS, ko_report);
// Something that happened long ago or to a relative ("I had a heart attack two years ago", "my
// father died of a stroke", "작년에 심근경색으로 스텐트", "할아버지가 뇌경색이셨는데"), in a month
// or a weekday named ("in february", "back in may", "last friday", "2월에") or school years told in the
// past ("overdosed by accident in college"), treated ("got treated", "the hospital treated it", "got 6
// stitches"), or to someone the writer asks
// because of ("asking because my friend had torsion", "친구가 수술했어서 여쭤봐요").
site_pattern!(TEXT_PATTERNS, en_history);
site_pattern!(TEXT_PATTERNS, ko_history);
// ... unless it is happening again now.
site_pattern!(TEXT_PATTERNS, en_now);
// An activity asked about resuming after the event ("is it okay to start lifting weights again?", "when
// can he drive again"): its "again" is the activity's, not the event's.
site_pattern!(TEXT_PATTERNS, en_resume);
site_pattern!(TEXT_PATTERNS, ko_now);

site_pattern!(TEXT_PATTERNS, ko_past_modifier);
site_pattern!(TEXT_PATTERNS, ko_recent);
site_pattern!(TEXT_PATTERNS, en_asks_about);
site_pattern!(TEXT_PATTERNS, en_talk_about);

/// The message's sentence around a mention, its spaces removed.
fn compact_sentence(view: &View, start: usize, end: usize) -> String {
    let (from, to) = sentence_around(&view.lower, start, end);
    view.lower[from..to].split_whitespace().collect()
}

/// What a message says about one mention: the frame's assertion and time in one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Said to hold now ("my chest hurts").
    Affirmed,
    /// Denied ("no chest pain", "열은 없어요", "I'm not suicidal").
    Denied,
    /// Asked about for information, a statistic or school ("what are the signs of a stroke?").
    Asked,
    /// A possible event or a plan for one ("if he has a seizure at school, what should the teacher do?").
    Hypothetical,
    /// Long past, in the family, or a lasting after-effect ("a stroke last year, in rehabilitation").
    Past,
    /// It happened and is over ("a twinge yesterday, fine since", "a low sugar, treated, now 110").
    Resolved,
}

impl From<Aside> for Status {
    fn from(aside: Aside) -> Status {
        match aside {
            Aside::Question => Status::Asked,
            Aside::Hypothetical => Status::Hypothetical,
            Aside::History => Status::Past,
        }
    }
}

/// What the sentence around a mention says of it.
pub fn status(view: &View, start: usize, end: usize, negative_form: bool) -> Status {
    if is_negated(view, start, end, negative_form) {
        return Status::Denied;
    }
    let after = view.lower[end..].trim_start();
    if ko_term().is_match(after) {
        return Status::Asked;
    }
    // "발작이 생기면 ...", "쓰러지면": a Korean conditional on the mention's own verb; "심장마비 올 것
    // 같아요": a feared event, not one that came.
    let tail = &view.lower[end..];
    if ko_conditional().is_match(after)
        || ko_conditional_tail().is_match(tail)
        || ko_feared().is_match(after)
        || ko_possible().is_match(after)
    {
        return Status::Hypothetical;
    }
    // "열경련 했던 애도": a Korean past modifier on a person or an experience tells of someone who once
    // had it, unless the sentence says it is now or today.
    let sentence = compact_sentence(view, start, end);
    if ko_past_modifier().is_match(after) && !ko_now().is_match(&sentence) && !ko_recent().is_match(&sentence) {
        return Status::Past;
    }
    // What is to be prevented has not come ("Tylenol doesn't prevent febrile seizures", "뇌졸중 예방").
    let before = &view.lower[clause_start(&view.lower, start)..start];
    if en_averted().is_match(before) || ko_averted().is_match(after) {
        return Status::Hypothetical;
    }
    // A name asked about ("whats the glass test for"), a care asked for ("do i need stitches?", "꿰매야
    // 하나요?") and an event in a simile ("went down like he got shot") tell no sign.
    let asked_name = en_what_is().is_match(before) && en_after_name().is_match(&view.lower[end..]);
    let asked_care = en_need().is_match(before) || ko_need().is_match(after);
    // "the medical form asks about seizures", "talk to my son about testicular torsion": a topic.
    let topic = en_asks_about().is_match(before) || en_talk_about().is_match(before);
    if asked_name || asked_care || topic || en_simile().is_match(before) || learnt_of(view, before, start, end) {
        return Status::Asked;
    }
    aside(view, start, end).map_or(Status::Affirmed, Status::from)
}

// What the writer has read, heard of or knows about ("I've read headaches and nausea in everyone at
// once", "I know about the face drooping thing", "두통이 온다고 읽었어요"): a topic, not a sign.
site_pattern!(TEXT_PATTERNS, en_learnt);
site_pattern!(TEXT_PATTERNS, ko_learnt);
// ... unless a person is named between: "I heard my dad collapsed" is news of him.
site_pattern!(TEXT_PATTERNS, en_person);

/// Whether the mention is something the writer has read, heard of or learnt about.
fn learnt_of(view: &View, before: &str, start: usize, end: usize) -> bool {
    let english = en_learnt().find_iter(before).last().is_some_and(|m| {
        let between = &before[m.end()..];
        between.split_whitespace().count() <= 4 && !en_person().is_match(between)
    });
    // Korean tells it after the sign, in the same clause: "가슴이 조이는데 이게 심근경색이라고 배웠거든요"
    // reports the sign and then what was learnt.
    let sentence_end = sentence_around(&view.lower, start, end).1.max(end);
    let rest: String = view.lower[end..sentence_end].split_whitespace().collect();
    let korean = ko_learnt().find(&rest).is_some_and(|m| {
        let gap = &rest[..m.start()];
        !gap.starts_with('고') && !ko_clause_break().is_match(gap)
    });
    english || korean
}
site_pattern!(TEXT_PATTERNS, ko_clause_break);

site_pattern!(TEXT_PATTERNS, en_averted);
site_pattern!(TEXT_PATTERNS, ko_averted);
site_pattern!(TEXT_PATTERNS, en_what_is);
site_pattern!(TEXT_PATTERNS, en_after_name);
site_pattern!(TEXT_PATTERNS, en_need);
site_pattern!(TEXT_PATTERNS, ko_need);
site_pattern!(TEXT_PATTERNS, en_simile);

// The mention as the event of a conditional ("발작이 생기면", "쓰러지면", "발작 시"), not "-면서"
// (while) and not a trigger of a sign ("계단 오르면 숨이 차요", "누르면 아파요").
site_pattern!(TEXT_PATTERNS, ko_conditional);

// ... or "또 생길까봐 무서워요", "재발할까 봐": what is feared has not come.
// ... or on the last syllable of its own stem, which the form leaves out ("떨림이 멈|추면"); a word
// of its own after the mention is a trigger ("계단 오르면").
site_pattern!(TEXT_PATTERNS, ko_conditional_tail);
site_pattern!(TEXT_PATTERNS, ko_feared);

// ... or asked about as a possibility, a side effect or what a change may bring ("줄이면 어지러움 같은
// 거 생기나요?", "두드러기가 나타날 수 있나요?"): it has not come.
site_pattern!(TEXT_PATTERNS, ko_possible);

/// Why a mention says nothing about an emergency now, if it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aside {
    /// "What are the warning signs of a heart attack?"
    Question,
    /// "What should I do if someone is having a seizure?"
    Hypothetical,
    /// "I had a heart attack two years ago", "my father died of a stroke".
    History,
}

/// Whether the sentence around `start..end` sets the mention aside.
pub fn aside(view: &View, start: usize, end: usize) -> Option<Aside> {
    let range = sentence_around(&view.lower, start, end);
    let sentence = &view.lower[range.0..range.1];
    if view.clinical && !tells_live(sentence) {
        return Some(Aside::Question);
    }
    if view.framed && !tells_onset(sentence) {
        return Some(Aside::Question);
    }
    let cached = view.asides.borrow().iter().find(|(r, _)| *r == range).map(|&(_, judged)| judged);
    let judged = cached.unwrap_or_else(|| {
        let judged = judge_sentence(sentence, view.grave, view.scene);
        view.asides.borrow_mut().push((range, judged));
        judged
    });
    // Per mention: the sentence is judged once, but where it turns to now depends on the mention.
    if judged == Some(Aside::History)
        && (turns_to_now(&view.lower[range.0..start.max(range.0)])
            || past_in_later_clause(view, range, start, end)
            || ko_present_after_past(&view.lower[range.0..start.max(range.0)], &view.lower[end..range.1]))
        && !en_death().is_match(sentence)
        && !ko_death().is_match(&sentence.split_whitespace().collect::<String>())
    {
        return None;
    }
    judged
}

// When a complaint started or that it holds now ("한 시간 전쯤부터", "벌써 7분째", "since this
// morning", "now my chest is crushing", "he just slumped"): such a sentence reports,
// whatever the message is for ("I was writing my care plan and now ...", "강의 준비하다가 갑자기 ...").
site_pattern!(TEXT_PATTERNS, en_onset);
// ... or told as going on ("he's not answering", "his lips are going grey"), unless as a condition
// ("if she's having one, time it").
site_pattern!(TEXT_PATTERNS, en_progressive);
site_pattern!(TEXT_PATTERNS, en_condition);
// ... or someone's state told in the present ("my dad's face looks droopy", "I'm 30 weeks and
// bleeding", "blood is pooling and won't stop"): a message framed as a project or a plan can still
// report, and a list of signs in a plan or a lesson has no one whose state it tells.
site_pattern!(TEXT_PATTERNS, en_present_report);
// In Korean, an activity told as the background of the moment ("강의 자료 만들고 있는데 가슴이 조여요",
// "계획서 쓰다가", "수업 준비하던 중에") reports what happens now, not what the plan or lesson is about.
site_pattern!(TEXT_PATTERNS, ko_onset);

// A health professional or a student of one asking for work or study ("I'm an ED nurse", "paramedic
// student here", "on my peds rotation", "I work in a care home", "응급실 간호사인데요", "간호학과
// 3학년입니다", "요양원에서 근무하는데"), or a case or an exam question ("case study", "NCLEX", "exam q",
// "국시 문제", "케이스 스터디", "감별진단"). Said of oneself: "my son is a nurse" frames nothing.
site_pattern!(TEXT_PATTERNS, en_clinical);
site_pattern!(TEXT_PATTERNS, ko_clinical);
// Who a case is about: a patient, a client, an age in a vignette ("a 25 year old", "70 yo", "65세 남자").
site_pattern!(TEXT_PATTERNS, en_case_person);
site_pattern!(TEXT_PATTERNS, ko_case_person);
// An emergency told as happening now: at this moment or minutes ago ("right now", "20 min ago", "지금",
// "방금", "5분째"), or a call for help. "지금은 괜찮아요" is how it is now, not an emergency.
site_pattern!(TEXT_PATTERNS, en_live);
site_pattern!(TEXT_PATTERNS, ko_live);

/// Whether, in a clinical question asked for work or study, the sentence tells of a sign going on or
/// beginning in someone who is no patient or case ("I'm having crushing chest pain", "my dad just
/// collapsed", "의대생인데 공부하다가 갑자기 머리가 깨질 것 같아요"). A vignette's onset ("65세 남자, 갑자기
/// ...", "a patient's BP was 200/120 at the visit today") is its content.
fn tells_live(sentence: &str) -> bool {
    let compact: String = sentence.split_whitespace().collect();
    let case = en_case_person().is_match(sentence) || ko_case_person().is_match(&compact);
    en_progressive().is_match(sentence) || (!case && tells_onset(sentence))
}

/// Whether the sentence says when a complaint began or that it holds now.
fn tells_onset(sentence: &str) -> bool {
    en_onset().is_match(sentence)
        || reports_state(sentence)
        || ko_onset().is_match(&sentence.split_whitespace().collect::<String>())
}

/// Whether the sentence tells someone's state as going on ("he's not answering", "my chest is
/// crushing"), not as a condition ("if she's having one").
fn reports_state(sentence: &str) -> bool {
    let conditional = |at: usize| en_condition().is_match(&sentence[clause_start(sentence, at)..at]);
    en_progressive().find_iter(sentence).chain(en_present_report().find_iter(sentence)).any(|m| !conditional(m.start()))
}

// Korean connectives that end a clause ("위궤양 있으셨는데 갑자기 배가 아프대요").
site_pattern!(TEXT_PATTERNS, ko_connective);

/// Whether a Korean past clause before the mention gives way to a present one: the last past marker
/// is followed by a connective, and the mention's own verb is not in the past ("위궤양 있으셨는데
/// 갑자기 배 전체가 아프대요" is now; "작년에 쓰러지셨는데 말이 어눌했어요" is not).
fn ko_present_after_past(before: &str, after: &str) -> bool {
    let before: String = before.split_whitespace().collect();
    let Some(past) = ko_history().find_iter(&before).last() else { return false };
    if !ko_connective().is_match(&before[past.start()..]) {
        return false;
    }
    let verb: String = after.split(['.', ',', '!', '?', '\n']).next().unwrap_or("").chars().take(12).collect();
    !verb.is_empty() && verb.chars().any(|c| ('가'..='힣').contains(&c)) && !has_ko_past(&verb)
}

/// Whether Korean text holds a past-tense syllable (one ending in ㅆ: 했, 었, 갔, 셨 ...).
fn has_ko_past(text: &str) -> bool {
    text.chars().any(|c| ('가'..='힣').contains(&c) && (c as u32 - 0xAC00) % 28 == 20)
}

site_pattern!(TEXT_PATTERNS, ko_back_then);

/// Whether Korean text holds a pluperfect ("갔었", "했었", "아팠었"): a syllable in ㅆ then 었.
fn has_ko_pluperfect(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(2).any(|w| w[1] == '었' && has_ko_past(&w[0].to_string()))
}

// A death told ("died of", "lost her brother to suicide", "자살로 잃었어요"): no "still" makes it now.
site_pattern!(TEXT_PATTERNS, en_death);
site_pattern!(TEXT_PATTERNS, ko_death);

/// Whether the sentence's past marker comes only after the mention, in a clause of its own ("my
/// tongue has swollen up and i cant swallow, started a new tablet last month": the tablet is past,
/// the swelling is now).
fn past_in_later_clause(view: &View, range: (usize, usize), start: usize, end: usize) -> bool {
    let before = &view.lower[range.0..start.max(range.0)];
    if en_history().is_match(before) || ko_history().is_match(&before.split_whitespace().collect::<String>()) {
        return false;
    }
    let after = &view.lower[end.min(range.1)..range.1];
    let Some(past) = en_history().find(after) else { return false };
    // "spotting this morning, just once": how often the mention happened, not a later event; "overdosed
    // and got treated", "was sent home": how the mention's own event ended.
    if past.as_str().contains("once") || en_outcome().is_match(past.as_str()) {
        return false;
    }
    // The past marker must start after the clause of the mention ends ("18 months ago" right after
    // "had a stroke" is the stroke's own time).
    let breaks = [",", ";", " but ", " and ", " - "];
    let clause_end = breaks.iter().filter_map(|b| after.find(b)).min();
    clause_end.is_some_and(|c| c < past.start())
}

site_pattern!(TEXT_PATTERNS, en_outcome);

// "A positive test last week, now sharp pain on one side": the mention after "now" is today's.
site_pattern!(TEXT_PATTERNS, en_turn_now);
site_pattern!(TEXT_PATTERNS, ko_turn_now);

/// Whether, before a mention, the sentence turns from a past event to now (the last past marker is
/// followed by "now").
fn turns_to_now(before: &str) -> bool {
    let last = |re: &regex_lite::Regex, text: &str| re.find_iter(text).last().map(|m| m.end());
    // What is said in brackets is an aside ("when she was a baby (she's 12 now) she went floppy").
    let unbracketed: String = before
        .split('(')
        .enumerate()
        .map(|(i, part)| if i == 0 { part } else { part.split_once(')').map_or("", |(_, rest)| rest) })
        .collect();
    let before = unbracketed.as_str();
    let compact: String = before.split_whitespace().collect();
    let english =
        last(en_turn_now(), before).is_some_and(|now| last(en_history(), before).is_some_and(|past| now > past));
    let korean =
        last(ko_turn_now(), &compact).is_some_and(|now| last(ko_history(), &compact).is_some_and(|past| now > past));
    english || korean
}

// Asking for information for school, work or a statistic ("suicide rates for my school report",
// "자살 통계 과제"): set aside even when the asker says "my", unless they speak of wanting it now.
site_pattern!(TEXT_PATTERNS, en_study);
// A plan, a hand-out or a lesson being prepared for an event that may come ("writing a seizure
// action plan for her teacher", "putting together a health lesson", "making a plan for lows",
// "애들한테 교육하려는데", "미리 냉장고에 붙여두려구요"): its signs are its contents. A bare "plan" is
// none: "I've made a plan" may be a suicide plan.
site_pattern!(TEXT_PATTERNS, en_prepared);
site_pattern!(TEXT_PATTERNS, ko_prepared);
// A story being written or watched ("writing a novel where ...", "the latest episode of that
// hospital drama", "게임 시나리오 작가 지망생"): the whole message is about the story.
site_pattern!(TEXT_PATTERNS, en_story);
site_pattern!(TEXT_PATTERNS, ko_story);
site_pattern!(TEXT_PATTERNS, ko_study);
// ... unless the asker wants to die or to hurt themselves ("for my essay, but i want to die too").
site_pattern!(TEXT_PATTERNS, en_desire);
site_pattern!(TEXT_PATTERNS, ko_desire);

// A scene on screen or in a book asked about ("in Grey's Anatomy they ..., is that real",
// "드라마에서 주인공이 쓰러지던데 실제로도 그래요?"): nobody here is ill, unless the asker says
// something happens now.
site_pattern!(TEXT_PATTERNS, en_fiction);
// Korean: the scene is the subject ("드라마에서", "영화 속"), not the moment ("드라마 보다가 가슴이 아파요").
site_pattern!(TEXT_PATTERNS, ko_fiction);
// What people say, asked to be confirmed ("4시간 넘으면 병원 가라던데 실제로 그런가요?").
site_pattern!(TEXT_PATTERNS, ko_hearsay);
// A dream told ("I dreamt I was drowning", "물에 빠지는 꿈을 꿨어요"): nothing happened to anyone.
site_pattern!(TEXT_PATTERNS, en_dream);
site_pattern!(TEXT_PATTERNS, ko_dream);
site_pattern!(TEXT_PATTERNS, en_fiction_ask);
site_pattern!(TEXT_PATTERNS, ko_fiction_ask);
// "a documentary about overdoses", "an article on strokes": a topic learnt about.
site_pattern!(TEXT_PATTERNS, en_media_about);
site_pattern!(TEXT_PATTERNS, en_now_strong);
site_pattern!(TEXT_PATTERNS, ko_now_strong);
// Said in jest or as a figure of speech ("회사 갈 생각만 하면 숨이 턱 막혀요ㅋㅋ", "lol i'm dying", a
// laughing or skull emoji, "bleeding out emotionally", "기말 망해서 ... 숨막혀"), or
// the stress of exams or work as "dying" ("시험기간이라 숨막혀 죽을거같음", "finals are killing me").
// A story, a show or the traffic as the one that strikes ("the plot twist knocked me out cold", "the
// traffic was suffocating", "the ending ripped my heart out", "finals are choking the life out of me").
// ... or the idiom of working as if coughing blood ("피토할 것같이 공부함", "피를 토하듯"),
// ... or as a fan's or a crush's hyperbole ("this song is so good i want to die", "너무 잘생겨서 숨 못
// 쉬겠음", "선배가 말 걸어서 숨멎").
site_pattern!(TEXT_PATTERNS, en_figurative);
site_pattern!(TEXT_PATTERNS, ko_figurative);
// A task's own time ("I have to summarize the warning signs of suicide right now") or a statistic's
// ("the highest suicide rate in the US right now"): when the work is done or the figure holds, not
// when a sign began; set aside before a study question's onset is looked for.
site_pattern!(TEXT_PATTERNS, en_task_time);
// Being a student of a health subject: a study cue only in a question (see `judge_sentence`).
site_pattern!(TEXT_PATTERNS, en_student);
// Asking what to do now: a call for help, whatever laughter is around it.
site_pattern!(TEXT_PATTERNS, en_what_to_do);
// Never said in jest: a farewell, a last word, or "not joking" ("ㅋㅋ ... 아니 농담 아니고 지금 대교 위임").
site_pattern!(TEXT_PATTERNS, en_grave);
site_pattern!(TEXT_PATTERNS, ko_grave);
// The joke's own words, which a present-tense report must not rescue ("i'm dying lol", "my sides
// are killing me").
site_pattern!(TEXT_PATTERNS, en_figurative_state);
// Asking to tell things apart or for more signs, even about one's own child ("weaning my 6 month
// old, how do i tell the difference between gagging and choking", "얼굴 처지는거 말고 또 뭐가 있어요?").
site_pattern!(TEXT_PATTERNS, en_strong_information);
site_pattern!(TEXT_PATTERNS, ko_strong_information);
// A bare list of topics asked about ("choking, seizures, allergic reactions?").
// Three or more items of at most three words, nothing else.
site_pattern!(TEXT_PATTERNS, en_topic_list);

// A side effect asked about as a possibility: a question that opens with what a medicine can do ("could
// paxil make me suicidal?", "can xanax slow your breathing?"), or "if taken, can it / is it normal"
// in Korean ("프로작 먹으면 자살 생각 늘어날 수 있나요", "먹으면 입술이 파래지는 거 정상이죠?"). The
// effect named is no one's now: "could stress cause my chest pain" and "does it make it worse" ask
// about a sign someone has.
site_pattern!(TEXT_PATTERNS, en_possible_effect);
site_pattern!(TEXT_PATTERNS, en_effect_owned);
site_pattern!(TEXT_PATTERNS, en_effect_on_sign);
site_pattern!(TEXT_PATTERNS, ko_possible_effect);

/// Whether the sentence asks whether a medicine can bring on an effect, of no one said to have it now.
fn asks_possible_effect(sentence: &str, compact: &str) -> bool {
    let english = en_possible_effect().captures_iter(sentence).any(|c| !en_effect_owned().is_match(&c[1]))
        && !en_effect_on_sign().is_match(sentence);
    let korean = ko_possible_effect().is_match(compact) && !ko_report().is_match(compact);
    (english || korean) && !tells_onset(sentence)
}

fn judge_sentence(sentence: &str, grave: bool, scene: bool) -> Option<Aside> {
    let compact: String = sentence.split_whitespace().collect();
    let possible =
        en_if_possible().captures_iter(sentence).any(|c| c.get(1).is_none_or(|w| !en_unsure().is_match(w.as_str())));
    if possible || en_hypothetical().is_match(sentence) || ko_hypothetical().is_match(&compact) {
        return Some(Aside::Hypothetical);
    }
    let fiction_ask = en_fiction_ask().is_match(sentence) || ko_fiction_ask().is_match(&compact);
    let fiction = (en_fiction().is_match(sentence) && en_fiction_ask().is_match(sentence))
        || en_media_about().is_match(sentence)
        || (ko_fiction().is_match(&compact) && ko_fiction_ask().is_match(&compact))
        // "드라마에서 주인공이 쓰러지더라구요. 실제로도 그렇게 아픈가요?": the scene was told before.
        || (scene && en_fiction().is_match(sentence))
        || (scene && ko_fiction().is_match(&compact))
        || (scene && fiction_ask && (sentence.contains('?') || ko_hearsay().is_match(&compact)));
    // "오른쪽 아랫배 눌렀다 뗄 때 아프면 맹장이라던데 맞나요?": what people say, checked.
    let fiction = fiction || ko_hearsay().is_match(&compact);
    let fiction = fiction || en_dream().is_match(sentence) || ko_dream().is_match(&compact);
    if fiction && !en_now_strong().is_match(sentence) && !ko_now_strong().is_match(&compact) {
        return Some(Aside::Question);
    }
    // Laughter never hides a call for help ("lol my grandma just collapsed, what do i do").
    let calls_for_help =
        en_now_strong().is_match(sentence) || en_what_to_do().is_match(sentence) || ko_now_strong().is_match(&compact);
    // ... nor a state told in the present ("his face looks kinda droopy ..., probably just tired lol").
    let present_state = en_present_report().find_iter(sentence).any(|m| !m.as_str().starts_with("won"))
        && !en_figurative_state().is_match(sentence);
    let figurative = en_figurative().is_match(sentence) || ko_figurative().is_match(&compact);
    if figurative && !(grave || calls_for_help || present_state) {
        return Some(Aside::Question);
    }
    // "I'm doing CPR, what else": what else to do, not what other signs there are.
    if (en_strong_information().is_match(sentence) && !en_what_to_do().is_match(sentence))
        || ko_strong_information().is_match(&compact)
        || en_topic_list().is_match(sentence)
    {
        return Some(Aside::Question);
    }
    // Being a student is a study cue only in a question ("pharmacy student here, how much
    // paracetamol is toxic?"): "I'm a nursing student and my chest is crushing" is a report.
    let student = en_student().is_match(sentence) && (sentence.contains('?') || en_information().is_match(sentence));
    let study = en_study().is_match(sentence) || student || ko_study().is_match(&compact);
    let untimed = en_task_time().replace_all(sentence, "");
    if study && !en_desire().is_match(sentence) && !ko_desire().is_match(&compact) && !tells_onset(&untimed) {
        return Some(Aside::Question);
    }
    if asks_possible_effect(sentence, &compact) {
        return Some(Aside::Question);
    }
    let informational =
        en_information().is_match(sentence) || (ko_topic().is_match(&compact) && ko_asking().is_match(&compact));
    if informational && !en_report().is_match(sentence) && !ko_report().is_match(&compact) {
        return Some(Aside::Question);
    }
    // A Korean pluperfect is background only with a "back then" ("처음에는 ... 응급실을 갔었거든요");
    // alone it often tells what just happened ("잠깐 쓰러졌었어요").
    let background = has_ko_pluperfect(&compact) && ko_back_then().is_match(&compact);
    let past = en_history().is_match(sentence) || ko_history().is_match(&compact) || background;
    let death = en_death().is_match(sentence) || ko_death().is_match(&compact);
    let again = en_now().is_match(&en_resume().replace_all(sentence, ""));
    if death || (past && !again && !ko_now().is_match(&compact)) {
        return Some(Aside::History);
    }
    None
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_pattern_has_its_line_and_compiles() {
        let (patterns, _) = crate::core::site::check_named_lines(
            &super::TEXT_PATTERNS,
            "TEXT_PATTERNS",
            &[
                include_str!("text.rs"),
                include_str!("readings.rs"),
                include_str!("frame.rs"),
                include_str!("poisoning.rs"),
            ],
            &[],
        );
        assert!(patterns > 90, "{patterns}");
    }

    use super::*;

    #[test]
    fn compact_spans_map_back_to_the_message() {
        let view = View::new("가슴이 꽉 조여요");
        let start = view.compact.find("꽉").unwrap();
        let end = view.compact.find("요").unwrap() + "요".len();
        let (s, e) = view.span_of_compact(start, end);
        assert_eq!(&view.text[s..e], "꽉 조여요");
    }

    #[test]
    fn negation_and_asides() {
        let neg = |text: &str, word: &str| {
            let view = View::new(text);
            let s = view.lower.find(word).unwrap();
            is_negated(&view, s, s + word.len(), false)
        };
        assert!(neg("no chest pain, just heartburn", "chest pain"));
        assert!(neg("denies shortness of breath or chest pain", "chest pain"));
        assert!(!neg("i dont know what to do my husband has chest pain", "chest pain"));
        assert!(neg("열은 없어요", "열"));
        assert!(neg("가슴은 안 아프고 목이 부었어요", "가슴은 안 아프"));
        assert!(!neg("가슴이 아프고 식은땀이 나요", "가슴이 아프"));
        let aside_of = |text: &str, word: &str| {
            let view = View::new(text);
            let s = view.lower.find(word).unwrap();
            aside(&view, s, s + word.len())
        };
        assert_eq!(aside_of("what are the warning signs of a heart attack?", "heart attack"), Some(Aside::Question));
        assert_eq!(aside_of("my dad has chest pain what are the signs of a heart attack", "chest pain"), None);
        assert_eq!(aside_of("작년에 심근경색으로 시술을 받았어요", "심근경색"), Some(Aside::History));
        assert_eq!(aside_of("아이가 건전지를 삼키면 왜 위험한가요?", "건전지"), Some(Aside::Hypothetical));
        assert_eq!(aside_of("he had a seizure last year and is seizing again", "seizing"), None);
        // A scene on screen asked about, a joke, telling two things apart.
        assert_eq!(
            aside_of("in a tv drama he collapsed clutching his chest, is that real?", "collapsed"),
            Some(Aside::Question)
        );
        assert_eq!(aside_of("드라마에서 주인공이 쓰러지던데 실제로도 그래요?", "쓰러지"), Some(Aside::Question));
        assert_eq!(aside_of("드라마 보다가 지금 아빠가 쓰러지셨어요", "쓰러지"), None);
        assert_eq!(aside_of("드라마 보다가 가슴이 아파졌어요 병원 가야 하나요?", "가슴이"), None);
        assert_eq!(aside_of("watching a movie and my chest started hurting, should i worry?", "chest"), None);
        assert_eq!(aside_of("출근 생각만 하면 숨이 턱 막혀요ㅋㅋ", "숨이"), Some(Aside::Question));
        assert_eq!(
            aside_of("weaning my son, how do i tell the difference between gagging and choking", "choking"),
            Some(Aside::Question)
        );
        // A past clause after the complaint is about something else; in the complaint's own clause it holds.
        assert_eq!(aside_of("my lips are swelling up, started a new tablet last month", "swelling"), None);
        assert_eq!(aside_of("had a stroke 18 months ago, mostly recovered now", "stroke"), Some(Aside::History));
        // A study, a story or a hand-out sets a sign aside, unless the sentence says when it began.
        assert_eq!(aside_of("writing a novel where the hero collapses at dinner", "collapses"), Some(Aside::Question));
        assert_eq!(aside_of("im a nursing student and my chest has been crushing for an hour", "chest"), None);
        assert_eq!(
            aside_of("발표 자료 만드는데 30분 전부터 가슴이 아파요", "가슴이"),
            None,
            "an onset makes it a report"
        );
        // Hyperbole and laughter, unless grave; "what if"; a death is past whatever follows.
        assert_eq!(aside_of("this song is so good i want to die", "want to die"), Some(Aside::Question));
        assert_eq!(aside_of("ㅋㅋ 농담 아니고 지금 다리 위야", "다리"), None);
        assert_eq!(aside_of("what if my toddler swallows a battery one day?", "battery"), Some(Aside::Hypothetical));
        assert_eq!(aside_of("not sure if he did swallow a battery", "battery"), None);
        assert_eq!(
            aside_of("she lost her brother to suicide 6 months ago and is still struggling", "suicide"),
            Some(Aside::History)
        );
        assert_eq!(aside_of("위궤양 있으셨는데 갑자기 배가 아프대요", "배가"), None);
        assert_eq!(aside_of("작년에 쓰러지셨는데 말이 어눌했어요", "말이"), Some(Aside::History));
    }

    #[test]
    fn a_frame_sets_signs_aside_unless_one_is_said_now() {
        let status_of = |text: &str, word: &str| {
            let view = View::new(text);
            let s = view.lower.find(word).unwrap();
            status(&view, s, s + word.len(), false)
        };
        // A plan, a lesson, a story: the signs are its contents ...
        let plan = "writing a seizure action plan for her teacher. so far: time it, turn her once the jerking stops";
        assert_eq!(status_of(plan, "jerking"), Status::Asked);
        assert_eq!(status_of("애들한테 교육하려는데요. 버섯 먹고 토하면 바로 병원", "토하"), Status::Hypothetical);
        assert_eq!(status_of("story time: at a wedding the best man collapsed", "collapsed"), Status::Asked);
        // ... unless a sentence says one holds now.
        assert_eq!(status_of("I was writing my care plan and now my chest is crushing", "chest"), Status::Affirmed);
        assert_eq!(status_of("강의 준비하다가 갑자기 말이 어눌해졌어요", "말이"), Status::Affirmed);
        assert_eq!(status_of("making a first aid poster. his lips are going grey", "lips"), Status::Affirmed);
        assert_eq!(status_of("making an allergy card. if her lips are going grey, epipen", "lips"), Status::Asked);
        // A denial up front covers its list; a prevention, a name, a care asked about, a simile.
        assert_eq!(status_of("죽고싶다거나 자해하고 싶은 생각은 전혀 없어요", "죽고싶"), Status::Denied);
        assert_eq!(status_of("zero thoughts of hurting myself", "hurting"), Status::Denied);
        assert_eq!(status_of("does tylenol prevent febrile seizures?", "seizures"), Status::Hypothetical);
        assert_eq!(status_of("whats the glass test for a rash", "glass test"), Status::Asked);
        assert_eq!(status_of("do i need stitches?", "stitches"), Status::Asked);
        assert_eq!(status_of("went down like he got shot", "got shot"), Status::Asked);
        assert_eq!(status_of("또 생길까봐 무서워요", "또"), Status::Hypothetical);
        assert_eq!(status_of("떨림이 멈추면 위험하다던데", "떨림이 멈"), Status::Hypothetical);
        assert_eq!(status_of("계단 오르면 숨이 차요", "계단"), Status::Affirmed);
        // What was read or is known about is a topic, unless a person is named or the sign came first.
        assert_eq!(status_of("I've read headaches and nausea in everyone at once", "nausea"), Status::Asked);
        assert_eq!(status_of("I know about the face drooping thing", "face"), Status::Asked);
        assert_eq!(status_of("두통이랑 구토가 같이 온다고 읽었어요", "두통"), Status::Asked);
        assert_eq!(status_of("I heard my dad collapsed at work", "collapsed"), Status::Affirmed);
        assert_eq!(status_of("가슴이 조이는데 이게 심근경색이라고 배웠거든요", "가슴"), Status::Affirmed);
        // A month dates an event; asking because of someone else's is history.
        assert_eq!(status_of("he had a concussion in february, fine since", "concussion"), Status::Past);
        assert_eq!(status_of("asking because my friend had torsion", "torsion"), Status::Past);
        assert_eq!(status_of("hit his head in march and is vomiting again", "vomiting"), Status::Affirmed);
        // ... so do May, school years told in the past and a treatment; an activity resumed is no "again".
        assert_eq!(status_of("he was stung back in may, the er treated it", "stung"), Status::Past);
        assert_eq!(status_of("i overdosed by accident in college and got treated", "overdosed"), Status::Past);
        assert_eq!(status_of("a seizure in 2020, is it okay to drive again?", "seizure"), Status::Past);
        assert_eq!(status_of("a seizure in 2020 and he is seizing again", "seizing"), Status::Affirmed);
        // A side effect asked about as a possibility; one someone has is no question.
        assert_eq!(status_of("could paxil make me suicidal?", "suicidal"), Status::Asked);
        assert_eq!(status_of("프로작 먹으면 자살 생각이 늘어날 수 있나요", "자살"), Status::Asked);
        assert_eq!(status_of("could stress cause my chest pain?", "chest pain"), Status::Affirmed);
        assert_eq!(status_of("i took paxil and now could it make me suicidal?", "suicidal"), Status::Affirmed);
        // Laughter after a Korean sentence's end is that sentence's.
        assert_eq!(status_of("배고파 쓰러지겠어요 ㅋㅋ 단백질은 몇 번 먹어요", "쓰러지"), Status::Asked);
        assert_eq!(status_of("단백질은 몇 번 먹어요 ㅋㅋ 지금 아빠가 쓰러졌어요", "쓰러졌"), Status::Affirmed);
        // The stress of exams as dying; the idiom closes its clause.
        assert_eq!(status_of("시험기간이라 진짜 숨막혀 죽을거같음", "숨막혀"), Status::Asked);
        assert_eq!(status_of("ㅋㅋ 숨막혀 죽겠다 지금 심장이 쿵쾅", "숨막혀"), Status::Asked);
        assert_eq!(status_of("시험기간이라 죽겠다 근데 방금 땅콩 먹고 숨막혀요", "숨막혀"), Status::Affirmed);
    }

    #[test]
    fn korean_status_of_a_mention() {
        let status_of = |text: &str, word: &str| {
            let view = View::new(text);
            let s = view.lower.find(word).unwrap();
            status(&view, s, s + word.len(), false)
        };
        assert_eq!(status_of("발작 안 한 지 3년 됐어요", "발작"), Status::Denied);
        assert_eq!(status_of("발작이 생기면 어떻게 해요", "발작"), Status::Hypothetical);
        assert_eq!(status_of("계단 오르면 숨이 차요", "숨이 차"), Status::Affirmed);
        assert_eq!(status_of("마른익사라는 게 진짜 있어요?", "익사"), Status::Asked);
        assert_eq!(status_of("심장마비인 줄 알고 놀랐어요", "심장마비"), Status::Denied);
        // A clause that ends at its connective keeps its sign; "아니" alone is an interjection.
        assert_eq!(status_of("몸이 뜨겁고 땀이 안 나요", "뜨겁"), Status::Affirmed);
        assert_eq!(status_of("진짜 갈거임 아니 농담 아니고", "갈거"), Status::Affirmed);
        assert_eq!(status_of("죽고싶은 건 아니고 지쳤어요", "죽고싶"), Status::Denied);
    }

    #[test]
    fn korean_negation_written_together_and_weakness() {
        let neg = |text: &str, word: &str| {
            let view = View::new(text);
            let s = view.lower.find(word).unwrap();
            is_negated(&view, s, s + word.len(), false)
        };
        assert!(neg("배도 안아프고 열도 없어요", "배도 안아프"));
        assert!(neg("가슴이 아프거나 숨이 찬 건 전혀 없어요", "가슴이 아프"));
        assert!(!neg("양팔이 저리면서 힘이 안 들어가요", "저리"));
        // "아무도 없는데" says nobody is around; a list's denial stops at the sentence's end.
        assert!(!neg("주말에 아무도 없는데 갈 거예요", "주말에"));
        assert!(!neg("번개탄이랑 테이프 실어놨어요 주말에 아무도 없는데", "번개탄"));
        // A list joined by commas, or each item with its own "도"; a sign that does not ease goes on.
        assert!(neg("가슴 통증이나 숨찬거, 식은땀 이런건 전혀 없고", "가슴 통증"));
        assert!(neg("숨찬것도 식은땀도 없었어요", "숨찬"));
        assert!(!neg("숨찬 것도 나아지지 않아요", "숨찬"));
    }
}
