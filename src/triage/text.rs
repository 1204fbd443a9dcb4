//! The two views of a message the rules read, and the context a mention sits in.
//!
//! English is matched on the message lowercased (ASCII only, so byte offsets stay those of the
//! message). Korean is matched on the same text with every space removed: Koreans space freely
//! ("가슴이 아파요", "가슴이아파요", "가슴 이 아파요"), so a Korean form is written once, without
//! spaces, and still matches every spacing; an offset table maps a match back to the message.

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
        let mut compact = String::with_capacity(lower.len());
        let mut offsets = Vec::with_capacity(lower.len() + 1);
        for (i, c) in lower.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            compact.push(c);
            offsets.extend((0..c.len_utf8()).map(|k| i + k));
        }
        offsets.push(text.len());
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
pattern!(
    en_negator,
    r"^(?:no|not|never|nor|zero|without|denies|denied|don'?t|doesn'?t|didn'?t|isn'?t|wasn'?t|aren'?t|weren'?t|haven'?t|hasn'?t|hadn'?t)$"
);
// Korean negation right after the mention ("열은 없어요", "숨찬 건 없는데", "아프지 않아요",
// "토하지는 않았어요").
pattern!(
    ko_negated_after,
    r"^\S{0,4}?\s*(?:(?:(?:이런|그런|저런|같은)\s*)?(?:증상|증세|건|거|것|느낌|적|일|기운|생각|마음|계획|충동)[은는이가도]?\s*)?[^\s미]{0,3}?\s*(?:(?:한\s*번도|하나도|절대로?)\s*)?(?:없|않|아니\S|아닌|아님|아냐|안\s*[나난날났생들하한할함합해했보본봤]|전혀)"
);
pattern!(
    ko_denied_thought,
    r"^\S{0,4}?\s*(?:(?:이런|그런|저런|같은)\s*)?(?:생각|마음|계획|충동|건|거|것)[은는이가도]?\s*(?:\S{0,3}\s*)?(?:없|않|아니\S|아닌|아님|아냐|전혀)"
);
// Someone else's question about a sign, and the writer's answer no (see [`is_negated`]).
pattern!(en_asked_if, r"\b(?:asked|asks|asking|ask) (?:me |us )?(?:if|whether) (?:i|i'?m|im|i've|ive)\b");
pattern!(
    en_answered_no,
    r"^[^.?!]{0,24}?(?:,|\band\b|\bbut\b|\bwhich\b)\s*(?:(?:honestly|really|truly|thankfully|luckily),?\s+)?(?:i\s+(?:(?:honestly|really|truly)\s+)?(?:don'?t|do not|dont|didn'?t|never|am not|have not|haven'?t)\b|i'?m not\b|no\b|not at all\b|nope\b)"
);
// A Korean clause that ends right after the mention ("몸이 뜨겁고 땀이 안 나요"): a negation after it
// belongs to the next clause's subject.
pattern!(ko_clause_ends, r"^(?:고|구|는데|은데|인데|던데|지만|어서|아서|여서|해서|서|니까|면서)(?:\s|,)");
// "심장마비인 줄 알고": a mistaken belief, not the thing itself.
pattern!(ko_mistaken, r"^(?:이|인|일|는|은|을)?\s*줄\s*(?:로\s*)?알(?:고|았)");
// "마른익사라는 게 진짜 있어요?": a term asked about.
// ... with the other language's name in brackets between ("마른 익사(dry drowning)라는 게").
pattern!(ko_term, r"^(?:\s*\([^)]{0,40}\)|\))?\s*(?:이)?(?:라는\s*(?:게|것|거|말|병|증상)|란\s)");
// "not breathing fast": a negative form followed by a manner denies the manner, not the breathing.
pattern!(en_manner, r"^\s*(?:fast|quickly|rapidly|hard|heavily|heavy|loudly|noisily)\b");
// ... or after a list of them ("가슴 통증이나 숨찬 증상은 없어요", "죽고싶다거나 자해하고 싶은 생각은
// 전혀 없어요"), within the clause: its items joined by commas ("가슴 통증이나 숨찬거, 식은땀 이런건
// 전혀 없고") or each with its own "도" ("숨찬 것도 식은땀도 없었어요").
pattern!(
    ko_negated_list,
    r"^(?:(?:거|것|건|증상|증세|느낌)(?:도|,)|다거나|다든지|다던가|거나|든지|이나|나|이랑|랑|하고|과|와|및|또는|,)\s*(?:[^.고요]|고\s*싶){0,20}?(?:없|않|아니)"
);
// "갑자기 심하게 아픈 건 아니에요": "it is not that ..." denies the manner words before it, across at
// most one adverb and the verb they describe (not across a clause: "아프고 숨찬 건 아니에요").
pattern!(ko_not_that, r"^(?:\S*(?:게|히|기)\s+)?\S{1,4}\s*(?:건|거|것은|거는|것)\s*(?:아니|아냐|아님)");
pattern!(ko_unstopped, r"^\S{0,2}?\s*(?:안\s*)?(?:멈추|멈춰|멎|그치|가라앉|줄어|나아지)");
/// Korean negators said as a word of their own inside a mention ("가슴은 안 아프고").
const KO_NEGATORS: &[&str] = &["안", "못", "전혀", "별로"];
// ... or joined to the verb ("배도 안아프고", "안어지러워요").
pattern!(
    ko_joined_negation,
    r"^(?:안|전혀안|하나도안)(?:아[프파픈퍼팠]|어지|답답|저리|저려|부었|부어|쑤|결리|뻐근|메스|울렁)"
);

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
pattern!(
    unmarked_sentence_end,
    r"(?:요|죠|니다|죽겠다|죽겠네|죽겠음)[.!?~]*(?:\s*[ㅋㅎ]{2,}[.!?~]*)?\s+|[ㅋㅎ]{2,}[.!?~]*\s*(?:근데|그런데|하지만|그러다)|(?i)\b(?:killing me|kill me|the death of me)\b[,.!?~]*\s+|(?i)\b(?:lol|lmao|rofl|haha\w*)\b[,.!?~]*\s+(?:and|but|anyway|also|btw|though|tho)\b"
);

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
pattern!(
    en_information,
    r"(?:^\s*|\b)(?:signs? of|symptoms? of|warning signs?|how (?:is|are|do|does|can)\b.*\b(?:diagnos|treat|tell|know|prevent)|what (?:is|are|causes?|happens)|treatment (?:for|of)|why (?:is|are|do|does)|considered|can \w+ cause|how (?:much|many)\b|risk (?:of|for)|risk factors?|how do doctors|what (?:to|should \w+|can \w+) do (?:for|about|if|when)|how to (?:treat|tell|recogni[sz]e|prevent|know)|first aid for|when (?:to|should \w+) (?:call|go|worry|see)|^\s*(?:is|are|can|could|does|do|should|what|how|why|when|which|who|did|has|have|anyone|any)\b.*\?\s*$)"
);
// Korean: a topic word (symptoms, diagnosis, treatment ...) in a sentence that asks ("증상은 없어요"
// says something about the asker; "증상은 무엇인가요?" does not).
pattern!(
    ko_topic,
    r"(?:해야|하는|인)지(?:어떻게|어떡|뭘로)|어떻게알|증상|징후|전조|진단|치료|원인|예방|이란|란무엇|방법|대처|응급처치|왜생기|왜위험|왜일어나"
);
pattern!(ko_asking, r"무엇|뭐|뭔가|어떤|어떻게|궁금|알려|인가요|있나요|하나요|되나요|까요|\?");
// A hypothetical ("what should I do if someone ...", "삼키면 왜 위험한가요"): nobody is ill now.
// ... or a plan for an event that may come ("if he has a seizure at school, what should the teacher
// do?", "혹시 학교에서 발작하면 선생님이 어떻게 해야 하나요").
pattern!(
    en_hypothetical,
    r"\bif (?:someone|somebody|a person|(?:a )?(?:child|kid|student|pupil)|you|your|people|they)\b|\bwhat (?:would|will|could|might) happen if\b|\b(?:worr\w*|afraid|scared|terrified|paranoid|anxious) (?:that )?(?:i'?ll|i will|i might|i'?m going to|about (?:having|getting))\b|\bplan (?:for )?(?:if|when|in case)\b|\bwhat (?:do|should) (?:i|you|we) do if\b|\bif (?:he|she|they|my \w+|our \w+|it) (?:ever |\w+ )?(?:has|have|gets|get|starts|start|were|was|goes|happens|had)\b[^.!?\n]*?\b(?:what|how|should|plan|teacher|school|tell)\b|\b(?:in case|just in case|what to tell (?:the|his|her) (?:teacher|school|babysitter|nanny))\b|\bwhat (?:should|can|do) (?:the|his|her|a|my) (?:teacher|school|staff|babysitter|nanny|coach|sitter|grandparents?)\b|\bwhat (?:should|do|does|can|would|must) (?:\w+ ){0,3}?do (?:if|when|in case)\b|\bif (?:my|our|your|a|the) \w+ (?:ever|were to|was to|should)\b|\bif (?:a|an|the) \w+ (?:lasts|happens|starts|occurs|comes|goes on)\b|\binstructions for (?:the |his |her |their )?(?:teachers?|school|staff|babysitters?|nanny|carers?|coach)\b|\bwhat if (?:my|our|your|his|her|the|a|an) \w+(?: \w+)? (?:\w*[b-hj-z]s|has|ever|were|should)\b|\bwhat if (?:he|she|they|someone|somebody|anyone) (?:ever |were |should )?(?:\w*[b-hj-z]s|has)\b|\bwhat (?:symptoms|signs) (?:would|should|will|could|might)\b|\bwhat to do (?:if|when|in case)\b"
);
// "if she did bang her head", "if he ever swallows one": a possible event, unless the writer is unsure
// whether it happened ("not sure if he did swallow it").
pattern!(
    en_if_possible,
    r"(?:\b(\w+)\W+)?\bif (?:he|she|they|you|we|my \w+|our \w+|your \w+|someone|somebody|anyone) (?:ever|did|does|were to|was to|should|happens? to) \w+"
);
pattern!(en_unsure, r"^(?:sure|know|wonder|wondering|tell|see|check|unsure|certain|idea|ask|asking)$");
pattern!(
    ko_hypothetical,
    r"(?:으면|하면|키면|시면|먹으면|마시면|지면|나면|되면|오면|기면)(?:바로|즉시|꼭|당장)?(?:병원|응급실)?(?:에|을|으로|로)?(?:왜|어떻게|어떡|무엇|뭘|위험|가야|와야|가나요|가요)|경우에|만약|혹시[^.!?\n]*?(?:으면|하면|나면|지면|면|경우|셔도|어도|아도|해도|져도)|(?:선생님|교사|학교|유치원|어린이집|돌봄|보모|담임)(?:이|에서|은|께서|한테|에게)?[^.!?\n]*?(?:어떻게|뭘|무엇을|대처|알려|해야)|(?:으면|하면|나면|지면|되면|오면|기면)[^.!?\n]{0,8}?수도있|대비해|대비하|대처법|(?:으면|하면|지면|나면|되면|오면|기면)[^.!?\n]{0,25}?(?:다고|라고)(?:알고있|배웠)"
);
// Words that make a question about someone now ("my dad has chest pain, what should I do?").
pattern!(
    en_report,
    r"\b(?:i'?m|i am|i have|i'?ve|i feel|i took|i can'?t|i cant|i think|i just|my|me|he|she|his|her|him|we|our|us|grandma|grandpa)\b"
);
pattern!(
    ko_report,
    r"저는|제가|내가|저희|우리|엄마|아빠|아버지|어머니|남편|아내|와이프|아기|애기|아이가|애가|아들|딸이|딸아|할머니|할아버지|친구|동생|언니|오빠|누나|지금|방금|갑자기|아까|어떡|도와"
);
// Something that happened long ago or to a relative ("I had a heart attack two years ago", "my
// father died of a stroke", "작년에 심근경색으로 스텐트", "할아버지가 뇌경색이셨는데"), in a month
// or a weekday named ("in february", "back in may", "last friday", "2월에") or school years told in the
// past ("overdosed by accident in college"), treated ("got treated", "the hospital treated it", "got 6
// stitches"), or to someone the writer asks
// because of ("asking because my friend had torsion", "친구가 수술했어서 여쭤봐요").
pattern!(
    en_history,
    r"\b(?:\d+|a|one|two|three|four|five|few|several|many|(?:a )?couple(?: of)?) (?:years?|months?|weeks?|summers?|winters?|springs?|autumns?) ago\b|\b(?:years|decades|ages) ago\b|\blast (?:year|month|week|weekend|summer|winter|spring|autumn|fall|christmas|easter|term|semester)\b|\b(?:with|after|during) (?:my|her|our) (?:first|1st|last|previous|older|eldest)(?: (?:pregnancy|baby|birth|delivery|labou?r|child|one|son|daughter))?\b|\bfirst time (?:round|around)\b|\bas a (?:child|kid|teen\w*|toddler|baby|infant|newborn)\b|\b(?:at|when (?:he|she|they|i) (?:was|were)) (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten) (?:days?|weeks?|months?|years?)(?: old)?\b[^.!?\n]{0,120}?\b(?:(?:is|s|she'?s|he'?s|i'?m|im) )?now (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b|\bi'?m (?:\d+) now\b|\b(?:was|were|got) (?:discharged|sent home)\b|\bwhen i was\b|\bwhen (?:he|she|they|my \w+) (?:was|were) (?:\d+|little|small|a baby|a toddler|young|a kid)\b|\bonce (?:as|when|in|before)\b|\b(?:once|one time|twice)\b[^.!?\n]{0,30}\b(?:in|at|during) (?:high school|middle school|college|uni(?:versity)?)\b|\bhad (?:a |an )?\w+ once\b|\bhistory of\b|\bin the past\b|\bused to\b|\btests? (?:were|was|came back) (?:normal|fine|ok)\b|\brecovered\b|\bclean since\b|\bin (?:19|20)\d\d\b|\bdied (?:of|from|after|when|at|in)\b|\bpassed away\b|\brun?s? in (?:the|my|our) family\b|\bhad (?:a |an )?\w+(?: \w+)? at \d+|\bmy (?:\w+ )?(?:mom|mother|dad|father|uncle|aunt|grandma|grandpa|grandmother|grandfather|brother|sister) had\b|\b(?:just|only) (?:\w+ ){0,2}once\s*(?:[.;!,]|$)|\bhappened once\b|\b(?:back )?in (?:january|february|march|april|may|june|july|august|september|october|november|december)\b|\bback in the (?:spring|summer|fall|autumn|winter)\b|\b(?:back|when i was|while i was|\w+ed (?:\w+ ){0,4}?)in (?:high school|middle school|grade school|college|uni(?:versity)?|grad school|(?:nursing|med|medical|law) school)\b|\b(?:got|was|were) (?:\w+ )?treated\b|\blast (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|night'?s)\b|\b(?:got|had|needed) (?:\d+ |a few |some |two |three )?stitches\b|\b(?:hospital|er|ed|a&e|urgent care|doctors?|paramedics|nurses?) treated (?:it|him|her|me|them|us)\b|\basking (?:because|since|cuz|cause|bc|as) (?:\w+ ){1,4}?(?:had|got|went through|was|were|nearly|almost|died)\b"
);
pattern!(
    ko_history,
    r"(?:돌|백일|(?:\d+|한|두|세|네|다섯|여섯|일곱|여덟|아홉)살|신생아|아기|애기|군대|신혼|유치원|초등|중딩|고딩)(?:때|쯤에|무렵)|퇴원(?:했|하고|해서|한뒤|한후)|(?:초등학|중학|고등학|대학|학)생때|(?:첫째|첫애)(?:낳을|낳았을|임신|출산|가졌을)?때|적이있|작년|재작년|지난(?:달|주|해|번|[월화수목금토일]요일|봄|여름|가을|겨울|추석|설|명절)|귀가(?:했|하고|해서)|(?:병원|응급실)에서[^.!?]{0,12}?나왔|저번|예전|옛날|(?:년|개월|달|주|일)전(?:에|엔|쯤|[^부])|(?:며칠|이틀|사흘|나흘)전|이력|병력|이라고(?:했|하셨|들었)|몇(?:년|달)전|어릴때|어렸을때|젊었을때|돌아가셨|돌아가신|가족력|유전|괜찮아졌|괜찮아지(?:고|더니|긴했)|나았|회복|지금은괜찮|이셨|있으셨|였었|었었|셨었|았었|시술을받았|수술을받았|(?:\d{1,2}|일|이|삼|사|오|유|칠|팔|구|시|십일|십이)월(?:에|달에|쯤|초|말|중순)|(?:했|었|았|였|됐|셨)(?:어서|어가지고|길래|거든요)[^.!?]{0,8}?(?:물어|여쭤|여쭙|궁금)"
);
// ... unless it is happening again now.
pattern!(en_now, r"\b(?:again|still|right now|hasn'?t|won'?t|isn'?t|currently)\b");
// An activity asked about resuming after the event ("is it okay to start lifting weights again?", "when
// can he drive again"): its "again" is the activity's, not the event's.
pattern!(
    en_resume,
    r"\b(?:ok(?:ay)?|safe|fine|allowed|able|cleared|alright) to [^.!?,;]{0,40}?\bagain\b|\b(?:when|how soon|can|could|should|may) (?:i|he|she|they|we|you) (?:\w+ ){1,5}?again\b"
);
pattern!(ko_now, r"계속|지금도|아직|방금|(?:또|다시).{0,6}?(?:아프|아파|시작|생겼|나타|쓰러|경련|발작|피가|숨이)");

pattern!(
    ko_past_modifier,
    r"^\s*(?:을|를)?\s*(?:했|하였|있었|났|왔|겪었|앓았|됐)던\s*(?:애|아이|아기|사람|분|환자|경우|경험|적)"
);
pattern!(ko_recent, r"아까|방금|오늘|어제|분전|시간전|지금");
pattern!(en_asks_about, r"\b(?:asks|asking|asked) (?:about|for)\s+(?:[\w'-]+\s+){0,2}$");
pattern!(
    en_talk_about,
    r"\b(?:talk|speak|chat|teach)\w* (?:to |with )?(?:my|our|the) (?:[\w'-]+ ){0,4}?(?:son|daughter|kids?|children|child|teens?|teenagers?|boys?|girls?|students?|class) about (?:[\w'-]+ ){0,2}$"
);

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
pattern!(
    en_learnt,
    r"\b(?:i|we)(?:'ve| have)? (?:(?:just |also )?read|(?:heard|learn(?:ed|t)|know|knew|been told) (?:that|about|of|somewhere|online))\b"
);
pattern!(ko_learnt, r"(?:다고|라고|다는|라는|단|란)\s*(?:걸|거|것|글|내용)?(?:을|를|도|은)?\s*(?:읽|배웠|배운)");
// ... unless a person is named between: "I heard my dad collapsed" is news of him.
pattern!(
    en_person,
    r"\b(?:my|his|her|he|she|him|they|them|their|our|we|i|me|you|your|mom|mum|dad|baby|son|daughter|husband|wife)\b"
);

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
pattern!(ko_clause_break, r"는데|은데|던데|지만|니까|어서|아서|해서|면서");

pattern!(
    en_averted,
    r"\b(?:prevent\w*|avoid\w*|protect\w* (?:\w+ )?against|ward\w* off|(?:reduc|lower)\w* (?:the |your |his |her )?(?:risk|chance)s? of)\s+(?:\w+\s+){0,2}$"
);
pattern!(ko_averted, r"^(?:을|를|은|는)?\s*예방");
pattern!(en_what_is, r"\bwhat(?:'?s| is| are)\s+(?:a |an |the )?$");
pattern!(en_after_name, r"^\s*(?:for|mean|means|like|exactly|again|\?|$)");
pattern!(
    en_need,
    r"\b(?:do|does|did|would|will) (?:i|we|you|he|she|it|this|they) (?:\w+ )?need (?:to get |to have |a |an |any |some )?$|\bshould (?:i|we|he|she) (?:get|have) (?:a |an |any |some )?$"
);
pattern!(ko_need, r"^\S{0,2}?야\s*(?:하나요|할까요|하나|하는지|하는건지|되나요|될까요|돼요\?)");
pattern!(en_simile, r"\b(?:like|as if|as though) (?:he|she|i|they|someone|somebody|you|u)\s+$");

// The mention as the event of a conditional ("발작이 생기면", "쓰러지면", "발작 시"), not "-면서"
// (while) and not a trigger of a sign ("계단 오르면 숨이 차요", "누르면 아파요").
pattern!(
    ko_conditional,
    r"^(?:[이가을를은는]?\s*(?:생기|오|나|일어나|하|되|시작되|시작하|있)?(?:으면|면)(?:\s|,|$)|시\s+(?:대처|대응|응급|어떻게))"
);

// ... or "또 생길까봐 무서워요", "재발할까 봐": what is feared has not come.
// ... or on the last syllable of its own stem, which the form leaves out ("떨림이 멈|추면"); a word
// of its own after the mention is a trigger ("계단 오르면").
pattern!(ko_conditional_tail, r"^[가-힣](?:으면|면)(?:\s|,|$)");
pattern!(
    ko_feared,
    r"^(?:이|가)?\s*(?:올|날|생길|터질|일어날)\s*(?:것|거)\s*같|^[^.!?\n]{0,8}?까\s*(?:봐|싶|걱정|무서)"
);

// ... or asked about as a possibility, a side effect or what a change may bring ("줄이면 어지러움 같은
// 거 생기나요?", "두드러기가 나타날 수 있나요?"): it has not come.
pattern!(
    ko_possible,
    r"^[가-힣]{0,3}\s*(?:(?:이|가|도|같은|이런|그런)\s*)?(?:(?:거|것|게|증상|부작용|현상)\s*(?:이|가|도)?\s*)?(?:생기나|생길까|생기는지|생길\s*수|나타나나|나타날\s*수|나타나는지|올\s*수\s*있|오나요|올까요)"
);

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
pattern!(
    en_onset,
    r"\b(?:since (?:this|last|yesterday|this morning|last night)|for the (?:last|past) \w+|for (?:an?|about|over|\d+|one|two|three|a few|several) (?:hours?|minutes?|mins?|hrs?)|suddenly|started|began|came on|woke up with|(?:an?|\d+|one|two|few) (?:hours?|minutes?|mins?) ago|now|currently|at the moment|as we speak|(?:he|she|i|they|it|we|you) just (?:\w+ed|fell|went|had|threw|broke|hit|ate|drank|took|swallowed|got|began|stopped)|just (?:collapsed|fainted|passed out|fell|started|threw up|vomited|swallowed)|this (?:morning|afternoon|evening)|tonight|today)\b"
);
// ... or told as going on ("he's not answering", "his lips are going grey"), unless as a condition
// ("if she's having one, time it").
pattern!(
    en_progressive,
    r"\b(?:i'?m|i am|(?:he|she|it|they)(?:'s|'re| is| are)) (?:still |now |literally )?(?:having|seizing|fitting|convulsing|shaking|choking|bleeding|vomiting|throwing up|turning|struggling|gasping|not (?:breathing|responding|answering|waking)|collapsing|passing out)\b|\b(?:his|her|my|their) (?:lips?|face|skin|eyes?|chest|breathing|head|arms?|legs?|tongue|throat) (?:is|are|'s|'re) (?:still |now )?\w+ing\b"
);
pattern!(en_condition, r"\b(?:if|when|whenever|once|in case|unless|until|till)\b");
// ... or someone's state told in the present ("my dad's face looks droopy", "I'm 30 weeks and
// bleeding", "blood is pooling and won't stop"): a message framed as a project or a plan can still
// report, and a list of signs in a plan or a lesson has no one whose state it tells.
pattern!(
    en_present_report,
    r"\b(?:i'?m|i am|i have|i'?ve got|i can'?t|(?:he|she|they)(?:'s| is| has| are|'re| can'?t| won'?t| keeps?)|(?:my|his|her|our|their) (?:[\w'-]+ ){0,2}?(?:is|are|looks?|seems?|feels?|has|keeps?|won'?t|can'?t|isn'?t))\s+(?:\w+\s+){0,3}?(?:bleeding|vomiting|throwing up|shaking|seizing|fitting|convulsing|choking|sweating|gasping|struggling|burning|swelling|fainting|collapsing|wheezing|drooling|coughing|jerking|twitching|droop\w*|slurr\w*|numb|swollen|blue|grey|gray|pale|floppy|limp|confused|unconscious|unresponsive|pooling|crushing|tight|thick|hoarse|raspy|croaky|heavy|hot|cold|weak|dizzy|faint|stiff|white)\b|\b(?:blood|it|bleeding) (?:is|'s) (?:pouring|pooling|spurting|gushing|dripping|everywhere)\b|\bwon'?t stop\b"
);
// In Korean, an activity told as the background of the moment ("강의 자료 만들고 있는데 가슴이 조여요",
// "계획서 쓰다가", "수업 준비하던 중에") reports what happens now, not what the plan or lesson is about.
pattern!(ko_onset, r"부터|째|지금|방금|아까|오늘|어젯밤|갑자기|고있는데|고있었는데|다가|는중에|던중에|는도중|던도중");

// A health professional or a student of one asking for work or study ("I'm an ED nurse", "paramedic
// student here", "on my peds rotation", "I work in a care home", "응급실 간호사인데요", "간호학과
// 3학년입니다", "요양원에서 근무하는데"), or a case or an exam question ("case study", "NCLEX", "exam q",
// "국시 문제", "케이스 스터디", "감별진단"). Said of oneself: "my son is a nurse" frames nothing.
pattern!(
    en_clinical,
    r"\b(?:i'?m|i am|im|as|am) (?:an? )?(?:[\w-]+ ){0,2}?(?:nurse|rn|lpn|np|doctor|physician|gp|resident|intern|registrar|paramedic|emt|medic|pharmacist|midwife|dentist|hygienist|physio(?:therapist)?|(?:respiratory |occupational |physical )?therapist|care worker|hca|cna|scribe|interpreter|student|trainee|pa)\b|\b(?:nurs(?:e|ing)|medical|med|pharmacy|pharmacology|paramedic|emt|midwifery|pa|dental|physio|health ?care|cna|np|fnp|dnp|rn|bsn|pharmd|md) (?:student|tech|technician)s?\b|\b(?:[\w-]+ )?(?:nurse|rn|lpn|cna|hca|doctor|gp|paramedic|emt|pharmacist|resident|intern|medic|midwife|dentist|physio|student|tech|therapist|hygienist|carer|caregiver|aide|scribe|interpreter|trainee) here\b|\bnew grad\b|\bon (?:(?:my|our|the) )?(?:[\w-]+ )?(?:rotation|placement|clinicals?)\b|\bon (?:my|our|the) (?:[\w-]+ )?shift\b|\bmy preceptor\b|\bthe attending\b|\bour (?:ward|unit|residents|patients|clinic|pharmacy|care home)\b|\bi work (?:in|at|on|for) (?:a|an|the|our) (?:care home|nursing home|hospital|pharmacy|clinic|ward|ed|er|icu|a&e|gp surgery|practice|poison (?:control )?(?:cent(?:er|re)|line)|hospice|urgent care)\b|^\W*(?:[\w-]+ ){0,3}?(?:nurse|rn|doctor|gp|paramedic|emt|pharmacist|resident|intern|medic|midwife|dentist|physio|student|tech|therapist|hygienist|carer|scribe|interpreter)\s*[:(,\x{2013}\x{2014}-]|\bhand-?overs?\b|\bcharge nurse\b|\b(?:pharmacology|anatomy|physiology|pathology|pathophys\w*|patho|a&p|med-?surg|microbiology|micro|pharm|nursing|medical|clinical|pharmacy|emt|paramedic|biology|bio|health science) (?:exams?|tests?|quiz(?:zes)?|class(?:es)?|course|lectures?|modules?|assignments?|homework|finals?|midterms?)\b|\b(?:case stud(?:y|ies)|case report|vignette|exam q(?:uestion)?s?|practice (?:q|questions?)|quiz|osce|nclex|usmle|plab|board exams?|priority intervention|next best step|most likely diagnosis|answer key|refresher|sbar)\b"
);
pattern!(
    ko_clinical,
    r"(?:^|저|저는|전|제가|나는|난|내가)(?:[0-9가-힣]{0,5}[^이가은는도의.!?])?(?:간호사|간호학과|간호학생|간호대생|의대생|의대|본과|예과|레지던트|전공의|인턴|구급대원|응급구조사|응급구조학과|약사|약대생|약학대학|요양보호사|보건교사|치과위생사|치과의사|물리치료사|작업치료사|호흡치료사|임상병리사|방사선사|조산사|통역사|실습생|의사)(?:인데|입니다|예요|이에요|에요|이고|이라|라서|로서|로일|로근무|\d)|(?:병원|병동|응급실|요양원|요양병원|약국|보건실|중환자실|수술실|외래|의원|구급대)에서(?:근무|일|실습)(?:하는데|하고있|해요|합니다|중)|(?:간호사|응급구조사|요양보호사|약사|의사|임상병리사|방사선사|물리치료사|작업치료사|치과위생사|조산사)(?:국가)?(?:시험|국시|실기|필기)(?:준비|공부|대비|문제|보는)|(?:간호|물치|물리치료|작업치료|방사선|임상병리|치위생|응급구조|의예|약학|보건)(?:학)?과(?:학생|생|\d학년|다니는데|재학)|실습(?:중|하다가|나갔|생)|국시|국가고시|케이스스터디|증례|간호중재|간호기록|간호과정|감별진단|시험문제|연습문제|기출문제|정답이|노티|퇴원교육|사고보고서"
);
// Who a case is about: a patient, a client, an age in a vignette ("a 25 year old", "70 yo", "65세 남자").
pattern!(
    en_case_person,
    r"\b(?:pt|pts|patients?|clients?|residents?|customers?|pupils?)\b|\b(?:a|an|the|this|that) (?:\d+[- ]?(?:y/?o|yo|yrs?|years?|months?|weeks?|days?)(?:[- ]old)?|(?:elderly |older |young |pregnant |new )?(?:man|woman|male|female|gentleman|lady|student|child|toddler|infant|baby|boy|girl))\b|\b\d+ ?(?:yo|y/o|yrs? old|[mf])\b"
);
pattern!(
    ko_case_person,
    r"환자|산모|어르신|손님|수강생|학생(?:이|을|에게|한테|들)|\d+세|\d+(?:개월|주)(?:아기|영아|아이|신생아)"
);
// An emergency told as happening now: at this moment or minutes ago ("right now", "20 min ago", "지금",
// "방금", "5분째"), or a call for help. "지금은 괜찮아요" is how it is now, not an emergency.
pattern!(
    en_live,
    r"\b(?:right now|just now|currently|at the moment|as we speak|what now|call(?:ed|ing)? (?:911|999|112|an ambulance)|\d+ ?(?:min|mins|minutes|secs|seconds) ago|(?:an?|one|half an) hour ago|what (?:do|should|can) (?:i|we) do)\b"
);
pattern!(ko_live, r"지금(?:[^은]|$)|방금|\d+분(?:전|째)|어떡|도와|119|살려");

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
pattern!(ko_connective, r"(?:는데|은데|던데|지만|었고|았고|였고|셨고)");

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

pattern!(ko_back_then, r"처음(?:에|엔)|그때|그당시|당시에|한때");

/// Whether Korean text holds a pluperfect ("갔었", "했었", "아팠었"): a syllable in ㅆ then 었.
fn has_ko_pluperfect(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    chars.windows(2).any(|w| w[1] == '었' && has_ko_past(&w[0].to_string()))
}

// A death told ("died of", "lost her brother to suicide", "자살로 잃었어요"): no "still" makes it now.
pattern!(
    en_death,
    r"\bdied (?:of|from|by)\b|\bpassed away\b|\blost (?:my|his|her|their|our|a) (?:\w+ ){0,2}to\b|\btook (?:his|her|their) own life\b"
);
pattern!(ko_death, r"(?:자살|사고|병)으?로(?:잃|떠나|돌아가|세상을)|돌아가셨|세상을떠났");

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

pattern!(en_outcome, r"treated|discharged|sent home|recovered");

// "A positive test last week, now sharp pain on one side": the mention after "now" is today's.
pattern!(en_turn_now, r"\b(?:now|today|tonight|this (?:morning|afternoon|evening))\b");
pattern!(ko_turn_now, r"지금|오늘|이번에|요즘");

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
pattern!(
    en_study,
    r"\b(?:statistic\w*|(?:suicide|death|mortality|survival|incidence) rates?|rates? of|percentages?|(?:assignment|homework|essay|paper|school project|class project|presentation)s? (?:on|about|for)|report (?:for|on|about)|for (?:my|a|our) (?:[\w-]+ )?(?:class|school|report|paper|thesis|essay|project|course|lecture|homework|assignment|presentation)|\b(?:health|biology|bio|psych\w*|science|sex ed|pe|first aid|anatomy) class (?:mentioned|covered|talked about|taught|discussed|is (?:covering|doing))|for (?:my|a|our|the) (?:\w+ )?(?:exams?|quiz|finals|boards|osce)|textbook|thesis|dissertation|how common|(?:first aid|cpr|bls|acls|pals|lifeguard|lifesaving) (?:course|training|class|certificates?|certification|re-?cert\w*|exams?|tests?))\b|\b(?:course|class|module|school|caregiv\w*|cna|hca) (?:homework|assignments?|quiz(?:zes)?|worksheets?)\b|\bwe'?re (?:covering|studying|learning about)\b|\brevising for\b|\bstats\b|\b(?:data science|research|science|capstone|class|school|uni|college|stats) projects?\b|\bprojects? (?:on|about)\b|\b(?:nclex|usmle|mcat|board|exam|practice|quiz) (?:prep|review|questions?)\b|\banswer key\b|\bper (?:100k|100,?000|capita)\b|\b(?:working on|writing) (?:a|an|my|our) (?:piece|article|feature|story|report) (?:about|on)\b|\bjournalis(?:m|t)\b|\b(?:assignment|homework|coursework|exam question|quiz question|case study)\s*:"
);
// A plan, a hand-out or a lesson being prepared for an event that may come ("writing a seizure
// action plan for her teacher", "putting together a health lesson", "making a plan for lows",
// "애들한테 교육하려는데", "미리 냉장고에 붙여두려구요"): its signs are its contents. A bare "plan" is
// none: "I've made a plan" may be a suicide plan.
pattern!(
    en_prepared,
    r"\b(?:birth|action|care|emergency|seizure|allergy|asthma|anaphylaxis|diabetes|hypo|evacuation|school|first aid|lesson) plans?\b|\bplans? for (?:lows|highs|hypos|seizures|emergencies|(?:the|a) (?:worst|emergency))\b|\b(?:writ\w*|wrote|mak\w*|made|put\w* together|updat\w*|draft\w*|prepar\w*|creat\w*|design\w*|print\w*|laminat\w*|teach\w*|giv\w*|run\w*) (?:a|an|the|our|my) (?:[\w-]+ ){0,3}?(?:sheets?|handouts?|leaflets?|posters?|guides?|checklists?|protocols?|polic(?:y|ies)|risk assessments?|lessons?|class(?:es)? (?:on|about)|talks? (?:on|about)|workshops?|training (?:on|about|for)|assembl(?:y|ies)|(?:info|allergy|medical|emergency|laminated|wallet|fridge) cards?|(?:fridge|emergency) notes?|notes? for the fridge|notes? for (?:his|her|their|the|my|our) (?:teachers?|school|babysitter|nanny|sitter|coach|carers?|daycare))\b|\b(?:put\w*|post\w*|includ\w*|shar\w*|add\w*|print\w*) (?:it|this|them|that|these|those) (?:in|on|into|onto|to) (?:a|an|the|our|my) (?:[\w'-]+ ){0,3}?(?:newsletters?|flyers?|bulletins?|brochures?|websites?|pamphlets?|posters?|handouts?|notice ?boards?|group chats?)\b|\bjust being prepared\b|\b(?:want|wanted|wanting|trying|like) (?:it|everything|things|it all|us|them) (?:ready|prepared|in place)\b|\b(?:want(?:ing)?|trying) to be (?:prepared|ready)\b|\b(?:teacher|coach|instructor|trainer|lecturer|scout leader|school nurse) here\b|\b(?:tell|teach|show|explain to|ask) (?:the |his |her |my |our |their )?(?:teachers?|babysitter|nanny|sitter|coach|daycare|school|grandparents?|carers?|staff) (?:what )?(?:to do|i should)\b"
);
pattern!(
    ko_prepared,
    r"(?:출산|응급|비상|대피|안전|발작|경련|저혈당)(?:계획|매뉴얼|요령|수칙|카드)|(?:행동|대처)(?:요령|수칙|매뉴얼)|(?:교육|수업|강의)(?:하려|시키려|해주려|할거|할건데|자료|준비|용으로)|가르치려|가르쳐주려|알려주려|(?:얘기|이야기|설명)해주려|(?:교육|강의|수업)?자료(?:를)?(?:만들|만드|준비하|작성)|(?:교육|강의|수업)(?:을|를)?(?:해야|맡아)|(?:붙여|적어|챙겨|갖춰|준비해|마련해|만들어|비치해)(?:두려|놓으려|두고싶|놓고싶|둘려|놓을려|둘까|놓을까)"
);
// A story being written or watched ("writing a novel where ...", "the latest episode of that
// hospital drama", "게임 시나리오 작가 지망생"): the whole message is about the story.
pattern!(
    en_story,
    r"\b(?:writing (?:(?:a|my|the) )?(?:(?:short|new|fantasy|crime|horror|mystery|romance|sci-fi) )?(?:novel|story|book|script|screenplay|fanfic\w*|game|scene|chapter)|how (?:accurate|realistic) is (?:that|this|it)|is (?:that|this|it) (?:realistic|accurate)|beta reader|my (?:novel|manuscript|screenplay)|(?:latest|last|new) episode|(?:film|movie|show|drama|episode|novel)\W+(?:\w+\W+){0,2}?(?:where|in which)|hospital drama|in (?:the|a|this) (?:video )?game (?:i'?m|i am|we'?re) playing|my character|story ?time)\b"
);
pattern!(
    ko_story,
    r"시나리오|고증|현실성|작가(?:지망|입니다|예요|에요|인데|님)|소설(?:을|속|쓰)|웹소설|대본|캐릭터|다음(?:화|회|편)|썰(?:풀|푼|하나)"
);
pattern!(
    ko_study,
    r"통계|비율|확률|(?:발생|사망|자살|재발|유병|생존|완치)[률율]|과제|리포트|레포트|숙제|발표|논문|(?:관한|대한|관련)보고서|수행평가|조사하|몇명|몇퍼센트|응급처치(?:교육|수업|강의|자격)|(?:심폐소생술|cpr)(?:교육|수업|강의)|계획서|안내문|안내자료|가정통신문|교육자료|지침서|보건교사|(?:중간|기말)?(?:고사|시험)범위|국시"
);
// ... unless the asker wants to die or to hurt themselves ("for my essay, but i want to die too").
pattern!(
    en_desire,
    r"\b(?:i (?:want|wanna|feel|am going|'m going|will|plan)|i'?m (?:going|planning|ready))\b[^.!?\n]*?\b(?:die|dead|kill|end (?:it|my)|suicid\w*|hurt myself|disappear|do it)\b|\b(?:saving|saved|stockpil\w*|hoard\w*) (?:up )?(?:my |his |her |the )?(?:\w+ )?(?:pills|tablets|meds)\b"
);
pattern!(
    ko_desire,
    r"(?:제가|내가|저는|나는|난|저도|나도)[^.!?\n]*?(?:죽|자살|사라지|끝내|없어지|뛰어내)[^.!?\n]*?(?:싶|할거|할래|하려고|계획)|(?:약|수면제|진통제|알약)(?:을|를)?.{0,8}?모아(?:뒀|놨|두|놓)|(?:없어져도|사라져도|죽어도)(?:아무도|아무)"
);

// A scene on screen or in a book asked about ("in Grey's Anatomy they ..., is that real",
// "드라마에서 주인공이 쓰러지던데 실제로도 그래요?"): nobody here is ill, unless the asker says
// something happens now.
pattern!(
    en_fiction,
    r"\b(?:in|on) (?:a|the|this|that) (?:tv|television|movie|film|tv show|drama|episode|soap|documentary|cartoon|anime|novel|book)\b|\b(?:in|on) (?:a|the|this|that) video\b(?:\s*$|\s*[.,!?]|\s+(?:i|we|he|she|they|where|about|of|on|clip|someone|showing|that))|\bon (?:tv|netflix|youtube|tiktok)\b|\b(?:on|in) the news\b|\bcelebrit(?:y|ies)\b|\bgrey'?s anatomy\b|\bhouse md\b|\bscene\b|\bcharacters?\b|\b(?:[kcj]-?dramas?|soap operas?|sitcoms?|telenovelas?|webtoons?|manhwa|anime)\b"
);
// Korean: the scene is the subject ("드라마에서", "영화 속"), not the moment ("드라마 보다가 가슴이 아파요").
pattern!(
    ko_fiction,
    r"(?:드라마|영화|웹툰|만화|소설|예능|유튜브|다큐|방송|애니|뉴스|기사)(?:에서|에나오|에나온|속|의)|(?:뉴스|기사)(?:에|보니|를보니)|연예인|유명인|주인공|등장인물|(?:^|[^짜])장면|에피소드"
);
// What people say, asked to be confirmed ("4시간 넘으면 병원 가라던데 실제로 그런가요?").
pattern!(
    ko_hearsay,
    r"(?:[라다]던데|[라다]더라|[라다]고(?:들)?하던데|[라다]는(?:얘기|이야기|말)(?:을|도)?(?:들었|있던데|하던데)).{0,20}?(?:맞|진짜|사실|정말|실제|흔한|\?)"
);
// A dream told ("I dreamt I was drowning", "물에 빠지는 꿈을 꿨어요"): nothing happened to anyone.
pattern!(
    en_dream,
    r"\b(?:a |my |the )?(?:dream|nightmare)s? (?:about|of|that|where|last night)\b|\bdream(?:t|ed) (?:about|of|that|i|my)\b|\bin (?:my|the|a) (?:dream|nightmare)\b|\b(?:had|have|having|keep having) (?:a |the same )?(?:dream|nightmare)s?\b"
);
pattern!(ko_dream, r"꿈(?:을|에서|속|에|이|해몽)|꿨|꾸었|꾸는|악몽|꿔요|꿔서");
pattern!(
    en_fiction_ask,
    r"\b(?:read about|heard about|saw (?:that|on|in)|real|true|realistic|accurate|actually|really happen\w*|possible|legit|a thing)\b"
);
pattern!(
    ko_fiction_ask,
    r"(?:거|걸|것을|기사를|뉴스를)보고|(?:했|났|됐|졌|었|았|였)대|[다라]던데|실제|진짜|정말|현실|맞는|맞아|가능|그래요|그런가|\?|(?:^|[^짜])장면"
);
// "a documentary about overdoses", "an article on strokes": a topic learnt about.
pattern!(
    en_media_about,
    r"\b(?:documentar(?:y|ies)|programmes?|programs?|podcasts?|articles?|videos?|lectures?|talks?|news (?:stor(?:y|ies)|reports?|items?|segments?|pieces?|clips?)) (?:about|on)\b"
);
pattern!(en_now_strong, r"\b(?:right now|just now|rn|help|911|999|ambulance)\b");
pattern!(ko_now_strong, r"지금|방금|어떡|도와|119");
// Said in jest or as a figure of speech ("회사 갈 생각만 하면 숨이 턱 막혀요ㅋㅋ", "lol i'm dying", a
// laughing or skull emoji, "bleeding out emotionally", "기말 망해서 ... 숨막혀"), or
// the stress of exams or work as "dying" ("시험기간이라 숨막혀 죽을거같음", "finals are killing me").
// A story, a show or the traffic as the one that strikes ("the plot twist knocked me out cold", "the
// traffic was suffocating", "the ending ripped my heart out", "finals are choking the life out of me").
// ... or the idiom of working as if coughing blood ("피토할 것같이 공부함", "피를 토하듯"),
// ... or as a fan's or a crush's hyperbole ("this song is so good i want to die", "너무 잘생겨서 숨 못
// 쉬겠음", "선배가 말 걸어서 숨멎").
pattern!(
    en_figurative,
    r"[\x{1F480}\x{1F602}\x{1F923}\x{1F606}]|\b(?:(?:emotionally|spiritually|financially|socially) (?:bleeding|dying|dead|drowning|suffocating)|(?:bleeding|dying|drowning|suffocating) (?:out )?(?:emotionally|spiritually|financially|socially|inside))\b|\b(?:(?:this |my |the )?(?:\w+ )?(?:exams?|finals|midterms|deadlines?|revision|studying|homework|assignments?|essays?|coursework|commute|traffic|work|school|uni|my boss|this job|this week)\s+(?:is|are)\s+(?:literally\s+|actually\s+|so\s+)?(?:killing me|suffocating me|(?:gonna|going to) kill me|the death of me)|lol|lmao|rofl|haha\w*|jk|just thinking about|the thought of|so (?:good|cute|funny|pretty|beautiful|embarrassing|cringe\w*|awkward)|(?:he|she|they|you|u)(?:'s|'re| is| are| was| were| looks?) (?:\w+ )?so hot|this (?:song|album|show|meme|video|game)|(?:dying|dead|died) (?:of|from) (?:laughter|laughing|embarrassment|cringe|cuteness)|(?:giving|give|gives|gave|gonna give) (?:me|him|her|us|you) (?:a )?(?:heart attack|stroke|aneurysm|seizure)|(?:ripped|rips|ripping|tore|tears|tearing|pulled) (?:my|our|his|her|your) hearts? out|choking the life out of|(?:plot twist|twist|ending|finale|episode|movie|film|book|show|series|season|song|album|joke|speech|news|price|bill|traffic|commute|heat|humidity|crowd|meeting|atmosphere|office|silence)\b[^.!?]{0,25}\b(?:knocked (?:me|us) (?:out|flat)(?: cold)?|was suffocating|is suffocating|felt suffocating|so suffocating)|healer|potions?|respawn\w*|minecraft|roblox|fortnite|villagers?|mobs?|creepers?|one-?shot|aggro|npcs?|dungeon|pvp|raid boss|boss fight|hp bar|health bar)\b"
);
pattern!(
    ko_figurative,
    r"(?:시험|기말|중간고사|수능|과제|발표|면접|마감)[가-힣]{0,6}?(?:망해서|망쳐서|망했|앞두고)[^.!?]{0,20}?숨(?:이)?막혀|(?:시험|기말|중간고사|수능|마감|야근|과제|레포트|리포트|발표|면접|출근|육아)(?:기간|주간|철|준비|때문)?(?:이라서|이라|라서|에|때문에|하느라)(?:진짜|너무|정말|완전|좀|아주)?(?:숨(?:이)?막혀|답답해|힘들어)?(?:죽겠|죽을것같|죽을거같|죽을듯|미치겠|돌겠)|(?:(?:일|업무|일거리|숙제|과제|시험|야근|회의|보고서|빚|카드값|잔소리|육아|집안일|마감|스트레스|회사|상사|팀장님?|부장님?|시댁|공부|면접)(?:이|가)?(?:많아|밀려|쌓여)?(?:이라서|이라|라서|라|때문에|해서)|산더미(?:라|이라|라서|여서|예요|에요))(?:진짜|너무|정말|완전|좀|아주)?숨(?:이)?(?:막혀|막힐|턱턱|안쉬어)|피(?:를)?토할(?:것|거|듯|정도|만큼)|피(?:를)?토하듯|ㅋㅋ|ㅎㅎ|생각만하면|생각만해도|월요병|잘생겨|잘생긴|귀여워|귀여운|멋있어|설레|심쿵|짝사랑|최애|아이돌|덕질|컴백|숨멎|웃겨서|웃겨죽|창피해서|쪽팔려|죽는줄|실화냐|신곡|뮤비|직캠|콘서트|팬미팅|힐러|포션|보스몹|레이드|탱커|(?:게임|롤|배그)에서"
);
// A task's own time ("I have to summarize the warning signs of suicide right now") or a statistic's
// ("the highest suicide rate in the US right now"): when the work is done or the figure holds, not
// when a sign began; set aside before a study question's onset is looked for.
pattern!(
    en_task_time,
    r"\b(?:write|summari[sz]e|finish|list|research|revise|prepare|submit|answer)\s+(?:up |out |down )?(?:the |a |an |my |our |some |these )?(?:[\w-]+ ){0,3}?(?:signs?|symptoms?|list|essay|paper|notes?|answers?|questions?|report|summary|slides?)(?: (?:of|for|on|about) (?:[\w-]+ ){0,2}?[\w-]+)? right now\b|\b(?:rates?|statistics?|stats|numbers|figures|percentages?)\b[^.!?\n]{0,40}?\b(?:right now|currently|at the moment|these days|nowadays)\b"
);
// Being a student of a health subject: a study cue only in a question (see `judge_sentence`).
pattern!(en_student, r"\b(?:pharmacy|medical|med|nursing|paramedic|biology|pharmacology) (?:student|school)\b");
// Asking what to do now: a call for help, whatever laughter is around it.
pattern!(
    en_what_to_do,
    r"\bwhat (?:else )?(?:do|should|can|could) (?:i|we) do\b|\bwhat now\b|\bwhat else\s*[?.!]*\s*$"
);
// Never said in jest: a farewell, a last word, or "not joking" ("ㅋㅋ ... 아니 농담 아니고 지금 대교 위임").
pattern!(
    en_grave,
    r"\b(?:not joking|no joke|not kidding|i'?m not kidding|no really|i mean it|i really mean it|i'?m serious|for real|(?:but )?seriously though|but seriously|in all seriousness|jokes? aside|joking aside|goodbye|last (?:message|words?)|suicide note)\b"
);
pattern!(ko_grave, r"농담아니|장난아니|진심|마지막으로|마지막인사|유서|작별");
// The joke's own words, which a present-tense report must not rescue ("i'm dying lol", "my sides
// are killing me").
pattern!(en_figurative_state, r"\b(?:dying|dead|killing me|crying|screaming|wheezing|choking)\b");
// Asking to tell things apart or for more signs, even about one's own child ("weaning my 6 month
// old, how do i tell the difference between gagging and choking", "얼굴 처지는거 말고 또 뭐가 있어요?").
pattern!(
    en_strong_information,
    r"\bdifference between\b|\bhow (?:do|can|would|will|should) (?:i|you|we|parents) (?:tell|know) the difference\b|\bwhat (?:else|other (?:signs|symptoms|things))\b|\bwhat (?:kind|sort)s? of (?:things|topics|stuff)\b"
);
pattern!(
    ko_strong_information,
    r"차이가|차이점|구별|구분하|(?:는거|는것|은거|은것)말고(?:또|뭐|다른)|알아챌수|알아차릴수"
);
// A bare list of topics asked about ("choking, seizures, allergic reactions?").
// Three or more items of at most three words, nothing else.
pattern!(en_topic_list, r"^\s*[a-z'-]+(?: [a-z'-]+){0,2}(?:, ?(?:and |or )?[a-z'-]+(?: [a-z'-]+){0,2}){2,}\?\s*$");

// A side effect asked about as a possibility: a question that opens with what a medicine can do ("could
// paxil make me suicidal?", "can xanax slow your breathing?"), or "if taken, can it / is it normal"
// in Korean ("프로작 먹으면 자살 생각 늘어날 수 있나요", "먹으면 입술이 파래지는 거 정상이죠?"). The
// effect named is no one's now: "could stress cause my chest pain" and "does it make it worse" ask
// about a sign someone has.
pattern!(
    en_possible_effect,
    r"^\W*(?:can|could|does|do|will|would|might|may|is it (?:normal|common|possible|likely) (?:for|that|to))\s+(?:[\w'-]+\s+){0,3}?(?:cause|make|give|trigger|lead to|bring on|slow|raise|increase)\s+(\w+)"
);
pattern!(en_effect_owned, r"^(?:my|his|her|their|our|the|this|these|that|it)$");
pattern!(en_effect_on_sign, r"\b(?:worse|better|like this|like that)\b");
pattern!(
    ko_possible_effect,
    r"(?:먹으면|드시면|마시면|복용하면|먹이면|맞으면|바르면|붙이면|사용하면)[^.!?\n]{0,20}?(?:수(?:도)?있|정상(?:이|인)|부작용(?:이|인|일)|흔한|흔해|흔하)"
);

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
