//! Layer 1's vocabulary: the clinical concepts the rules combine, each with every form people use.
//!
//! Why a concept layer and not a list of phrases: a frightened person says "chest hurts so bad",
//! "tight chest", "가슴이 꽉 조이듯 아프고", "가슴통증이 턱까지"; the rule "chest pain with
//! sweating" must hear all of them, so each concept is matched in its own right (with the forms of
//! its words: inflections, typos, Korean stems that take any particle or ending, any spacing) and
//! the rules in [`super::rules`] combine concepts, not strings.
//!
//! English forms match the lowercased message; Korean forms match it with spaces removed (see
//! [`super::text::View`]), so "숨이 차서" and "숨이차서" are one form. A Korean stem stops before
//! its ending ("아프" for 아프고/아파요 is written "아[프파픈퍼팠]"), so particles and endings vary freely.

use super::cues;
use super::text::{status, Status, View};
use regex_lite::Regex;
use std::sync::OnceLock;

/// A concept: its id, its English and Korean forms, and whether its forms are themselves negations
/// ("won't wake up", "안 깨어나요"), which a negator check must not undo.
struct Concept {
    id: &'static str,
    en: &'static str,
    ko: &'static str,
    negative_form: bool,
}

const fn c(id: &'static str, en: &'static str, ko: &'static str) -> Concept {
    Concept { id, en, ko, negative_form: false }
}

const fn neg(id: &'static str, en: &'static str, ko: &'static str) -> Concept {
    Concept { id, en, ko, negative_form: true }
}

const CONCEPTS: &[Concept] = &[
    // --- chest (KTAS chest pain; NICE CG95 acute chest pain) ---
    // A Korean place and its pain stay in one sentence ("명치가 쓰려요. 가슴 통증은 없고" is no chest pain).
    c(
        "chest_pain",
        r"\bchest\W+(?:\w+\W+){0,3}?(?:pains?|pian\w*|hurt\w*|ach\w*|pressure|tight\w*|heav\w*|discomfort|squeez\w*|crush\w*|burn\w*|killing|feels? like)|\b(?:pain|pains|pian|pressure|tightness|heaviness|squeezing|crushing|hurting|ache|aching|burning|discomfort|twinges?|stabb?\w*|pinch\w*)\W+(?:\w+\W+){0,5}?chest\b|\b(?:tight|heavy|crushing|squeezing) chest\b|\b(?:heavy|tight|squeez\w*|crush\w*|pressing|weird|strange|funny|uncomfortable|burning|dull) (?:feeling|sensation|weight|ache)\W+(?:\w+\W+){0,3}?chest\b|elephant\W+(?:\w+\W+){0,3}?(?:chest|on (?:him|her|me|my|his))|\b(?:standing|sitting|pressing|pushing|weight) on (?:my|his|her) chest|\bangina\b|\b(?:clutch|grabb|grasp|hold)\w* (?:at )?(?:his|her|my|their) chest\b|\b(?:behind|under|in) (?:my|his|her|the) (?:breast ?bone|sternum)\b|\b(?:breast ?bone|sternum)\W+(?:\w+\W+){0,3}?(?:pain|hurts?|ach\w*|pressure|tight\w*|heav\w*|crush\w*)",
        "(?:가슴|흉부|명치|심장)(?:이|을|가|에|은|는|쪽|한가운데|부위|통증이|한쪽)?[^.!?]{0,14}?(?:아[프파픈퍼팠]|타들어|통증|조이|조여|조인|답답|갑갑|쥐어짜|짓누르|짓눌|코끼리|눌리|눌려|뻐근|찌릿|찌르|찔러|쑤시|쑤셔|욱신|콕콕|쿡쿡|따끔|뜨끔|화끈|묵직|무거|타는|터질|쪼이|쪼여|죄어|죄는)|흉통|가슴(?:을|을손으로)?(?:움켜|부여잡|쥐어잡|붙잡)",
    ),
    c("sweating", r"\bsweat\w*|\bclammy\b|\bdiaphore\w*|\bdrenched\b|\bdripping wet\b", "식은땀|진땀|땀(?:이|을|에)?(?:비|많이|흘|범벅|줄줄|뻘뻘|흠뻑|젖|나)|온몸이축축"),
    c(
        "radiation",
        r"\b(?:radiat|spread)\w*|\b(?:go(?:es|ing)?|went|moving|shoot\w*|through) (?:down |into |to |up |through )?(?:to )?(?:my|his|her|the) (?:left )?(?:arm|jaw|back|neck|shoulder|shoulder blades?)|\bbetween (?:my|his|her|the) shoulder blades\b|\bleft arm\b|\bjaw\b|\barm (?:is |feels )?(?:numb|tingl\w*)|\barms? (?:\w+ ){0,2}?(?:heavy|achy|aching|numb|tingl\w*|weak)\b",
        "(?:팔|턱|어깨|등|명치)(?:까지|으로|쪽|쪽이|이|가|도|랑|이랑|하고|에서)?.{0,6}?(?:저리|저려|퍼지|퍼져|뻗|아[프파픈퍼팠]|당기|뻐근|욱신|쑤시|무겁|무거|묵직)|목(?:까지|으로)(?:저리|저려|퍼지|퍼져|뻗|아[프파픈퍼팠]|당기)|퍼지|퍼져|뻗쳐|왼팔|왼쪽팔",
    ),
    c(
        "breathless",
        r"\bshort(?:ness)? of breath\b|\bcan'?t (?:catch|get) (?:my |his |her |their |a |any )?breath\b|\bbreathless\b|\bbreathlessness\b|\b(?:hard|difficult|trouble|struggling|hard time) (?:to )?breath\w*|\bout of breath\b|\bbreathing (?:is )?(?:really |very |so )?(?:fast|hard|heavy)\b|\bbreathing(?:'s| is)? (?:getting |becoming |growing )?(?:harder|worse|more difficult)\b|\bcan'?t breath\w*|\bcant breath\w*",
        "숨(?:이|을|도|쉬기|쉬는게|쉬기가|쉴때)?(?:너무|좀|많이|계속|점점|헉헉|헐떡헐떡)?(?:차|찬|찼|막히|막혀|막힌|막혔|가쁘|가빠|가쁜|가쁩|힘들|힘든|힘드|어렵|어려|답답|헐떡)|호흡곤란|숨가쁨|숨이반(?:만|밖에)",
    ),
    c(
        "cough_blood",
        r"\bcough\w* (?:up )?(?:\w+ ){0,2}?blood\b|\bcough\w* up (?:[\w-]+ ){0,10}?(?:blood|clots)\b|\bblood(?:y|-stained|-streaked| in (?:my|his|her|the))? (?:phlegm|sputum|mucus|spit)\b|\bha?emoptysis\b",
        "(?:기침|가래)(?:에|할때|하면|을하면|에서)?.{0,8}?(?:피|혈)|피(?:가)?섞인(?:기침|가래)|객혈|각혈",
    ),
    c("vomiting", r"\bfeel\w* sick\b|\bvomit\w*|\bthrow\w* up\b|\bthrew up\b|\bpuk(?:e|es|ed|ing|ey|y)\b|\bnause\w*|\bbarf\w*|\bretch\w*|\bheaving\b|\b(?:being|been|was) sick\b|\bsick to (?:my|his|her) stomach\b|\b(?:going to|gonna|about to) (?:be sick|throw up|vomit|puke)\b|\bchuck\w* up\b|\bspew\w*", "토(?:하|했|해|할|를|가|함|도)|토(?:를)?(?:\\d+|한|두|세|네|몇|여러)(?:번|차례)|구토|메스꺼|울렁|게워|게웠|구역|오바이트|웩웩"),
    c("pale", r"\bpal(?:e|er)\b|(?:\b(?:looks?|looking|looked|went|gone|going|turned|turning|is|was|so|very|all|quite|really)|'s) gr[ae]y(?:ish)?\b|\bgr[ae]y(?:ish)? (?:and|skin|colou?r|face|complexion)\b|\bashen\b|\bwhite as\b|\bfunny colou?r\b|\bwashed out\b|\bpasty\b|\bcolou?r (?:has )?drain\w*", "창백|하얗게|하얘|핏기|백지장|사색이|안색이(?:하얗|창백|잿빛)|얼굴색이(?:안좋|이상|하얗)"),
    c(
        "faint",
        r"\bfaint\w*|\bpass(?:ed|ing)? out\b|\bdizz\w*|\blight ?headed\b|\bblack(?:ed|ing)? out\b|\bwoozy\b|\bswimmy\b|\b(?:everything|vision|it all|world|eyes) (?:went|go|goes|going|turned|turning) (?:dark|black|grey|gray)\b|\b(?:room|everything) (?:is |was )?spinning\b|\bkeel\w* over\b|\bwobbly\b",
        "어지러|어지럽|핑돌|핑돈|핑글|빙빙|휘청|아찔|앞이(?:캄캄|깜깜|하얘|하얗게|노래|노랗게)|쓰러질|기절할|기절하셨|기절하셔|실신|정신이몽롱",
    ),
    c(
        "severe",
        r"\b(?:so|really|very|extremely) (?:bad|severe)\b|\bsevere\b|\bcrushing\b|\bterrible\b|\bunbearable\b|\bexcruciating\b|\bworst\b|\bkilling me\b|\b(?:a lot of|so much|lots of) pain\b|\btearing\b|\bripping\b|\bagon(?:y|i[sz]\w*)\b|\bexplo(?:sive|ded|ding)\b",
        "너무|심하게|심해|심한|엄청|쥐어짜|꽉|터질|죽을것|찢어질|끊어질|깨질|폭발",
    ),
    c(
        "sudden",
        r"\bsudden\w*|\ball of a sudden\b|\bout of nowhere\b|\b\d+ ?(?:min\w*|mins) (?:ago|now)\b|\bfor (?:\d+|half an|an) (?:min\w*|hour)|\bjust now\b|\b(?:half an|an|one|1) hours? ago\b|\b(?:was|were) (?:totally |completely |perfectly )?(?:fine|normal|ok|okay) (?:at|this|until|yesterday|an hour|earlier|last night|before)\b|\bcame on\b",
        "갑자기|방금|\\d+분(?:전|째|동안)|삼십분|한시간째|30분|(?:어제|아까|오전|아침|저녁|점심)(?:까지|까진|까지만해도|만해도|엔)(?:는)?(?:멀쩡|괜찮|정상)|(?:어제|아까|오전|아침|저녁|점심)(?:까지|까진|까지만해도|만해도)(?:는)?[^.!?]{0,16}?(?:멀쩡|괜찮|정상|평소처럼)|멀쩡하(?:시|셨)?다가|괜찮(?:으시|았)?다가",
    ),
    c("collapse", r"\bcollaps\w*|\bfell (?:down|over)\b|\b(?:he|she|they|i) (?:just |suddenly |then )?dropped(?: (?:to the (?:floor|ground)|like a (?:stone|rock)|in (?:the|a)\b|on the (?:floor|spot))|\s*[.,!]|\s*$)|\bhit the (?:floor|ground|deck)\b", "주저앉|쓰러지|쓰러졌|쓰러져"),
    c(
        "mild_exertion",
        r"\bslight\w*|\ba (?:little|bit)\b|\bmild\w*|\bwhen (?:climbing|walking|running|exercis\w*)|\b(?:up|down)?stairs\b|\brunning (?:for|to|after|up)\b|\bjogg?\w*|\bhurr(?:y|ied|ying)\b|\buphill\b|\bhills?\b|\bafter (?:running|exercis\w*|a workout)",
        "조금|약간|살짝|계단|운동할때|뛸때|뛰면|걸을때|뛰었|뛰어서|뛰고|달리|달렸|오르막|언덕|등산하|운동하고|운동후",
    ),
    c(
        "digestive",
        r"\breflux\b|\bheartburn\b|\bindigestion\b|\bafter (?:eating|a (?:big )?meal|dinner|lunch)",
        "역류|속쓰|체했|체한|소화",
    ),
    c("respiratory_infection", r"\b(?:cold|cough\w*|flu|bronchitis|chest infection)\b", "감기|기침|독감|기관지염"),
    c("muscular", r"\bmuscle\w*|\bsore after\b|\bworkout\b|\bbench\w*|\bgym\b|\bexercis\w*|\blifting\b|\bpush[- ]?ups?\b|\bpress(?:ed|ing)? on it\b|\bpulled (?:a|something)\b|\bstrain\w*|\btender to (?:the )?touch\b|\bwhen i (?:twist|turn|move my arm)\b", "근육|헬스|운동을했|운동하고|운동후|담이"),
    // Pain brought on by pressing the spot or moving the arm: the chest wall, not the heart (NICE CG95).
    c(
        "movement_pain",
        r"\bwhen i (?:lift|raise|move|twist|turn|press)\b|\b(?:lifting|raising|moving|twisting) (?:my|his|her) arms?\b|\bpress(?:ed|ing)? on (?:it|the spot)\b|\bhurts? (?:more )?(?:when|if) (?:i|you|he|she) (?:press|push|touch)\b|\btender (?:to|when) (?:the )?touch\w*",
        "(?:팔|몸|어깨|상체)(?:을|를)?(?:들|올리|움직|돌리|비틀)(?:때|면|니까|으면)|누르면|눌렀더니|누를때|눌러보면",
    ),
    // --- heart attack / stroke named while it happens (NHS 111: call 999 for suspected heart attack or stroke) ---
    c(
        "named_emergency",
        r"\bheart attack\b|\bstroke\b|\banaphyla\w*|\bcardiac arrest\b",
        "심근경색|심장마비|심장발작|뇌졸중|중풍|뇌경색|뇌출혈|아나필락시스|심정지",
    ),
    // Came on within hours ("since lunch", "어제 저녁부터"): acute, as delirium is (NICE CG103).
    c(
        "recent_onset",
        r"\bsince (?:\w+ ){1,3}?(?:this (?:morning|afternoon|evening)|last night|yesterday|today)\b|\bsince (?:this (?:morning|afternoon|evening)|lunch(?:time)?|yesterday(?: evening| afternoon)?|last night|breakfast|dinner|tea ?time|earlier(?: today)?|an hour ago|a few hours ago|(?:\d+|a couple of|two|three) hours ago)\b|\b(?:started|came on|began) (?:this morning|today|last night|yesterday|a few hours ago)\b|\b(?:was|were) (?:totally |completely |perfectly )?(?:fine|normal|ok|okay|herself|himself) (?:yesterday|this morning|last night)\b",
        "(?:오늘|어제)(?:아침|저녁|밤|오후|점심|낮)?(?:부터|께부터)|(?:아침|점심|저녁|아까|몇시간전|어젯밤|자고일어나서)부터|(?:아침|점심|저녁|낮|새벽)(?:때|무렵|쯤|먹고|드시고|식사후|식사하고|지나고|지나서|지나면서|이후|먹고나서|드시고나서)부터|어제까지(?:는|만해도)?(?:멀쩡|괜찮|정상)|(?:오늘|어제|어젯밤|아침|저녁|아까)(?:에)?.{0,10}?(?:뒤로|이후로|후로)",
    ),
    c("stroke", r"\bstrokes?\b|\bcva\b|\bmini[- ]stroke\b|\btias?\b|\btransient ischa?emic\b", "뇌졸중|중풍|뇌경색|뇌출혈|뇌혈관질환|일과성(?:뇌)?허혈|미니뇌졸중"),
    c(
        "happening",
        r"\b(?:having|i think|think (?:i'?m|he'?s|she'?s|it'?s)|is it|could this be|might be)\b",
        "같아요|같은데|것같|온거|온것|인가요|아닌가|인지",
    ),
    // --- stroke (NHS FAST: face, arms, speech; KTAS acute neurological deficit) ---
    c(
        "face_droop",
        r"\bface\W+(?:\w+\W+){0,4}?(?:droop\w*|sag\w*|fall\w*|uneven|numb|lopsided|crooked|twisted)|\bdroop\w*|\b(?:smile|mouth) (?:is |was |looks |looked |went |got |became |seems |seemed )?(?:all )?(?:crooked|lopsided|uneven|droop\w*)|\bone side of (?:my|his|her|their|the) (?:face|mouth|smile)\b(?:\W+\w+){0,3}?\W+(?:droop\w*|sag\w*|(?:doesn'?t|doesnt|won'?t|wont|isn'?t|isnt|not|didn'?t|can'?t|cant) (?:move|moving|lift|go up)|dropp\w*|hanging|fall\w*)|\bsmil\w*\W+(?:\w+\W+){0,6}?one side\b(?:\W+\w+){0,2}?\W+(?:droop\w*|sag\w*|(?:doesn'?t|doesnt|won'?t|wont|isn'?t|isnt|not|didn'?t) (?:move|moving|lift|go up))|\b(?:mouth|lip|smile|face|eyelid)\W+(?:\w+\W+){0,3}?(?:hanging|drooping|droops|drooped|sagging|sags|sagged|dropped|pulled down|slack)\b|\b(?:drool\w*|dribbl\w*|leak\w*|spill\w*)\W+(?:\w+\W+){0,4}?(?:one side|left side|right side|(?:left |right )?corner) of (?:his|her|my|their|the) mouth\b",
        "얼굴(?:이|한쪽|의)?.{0,6}?(?:처지|처졌|처져|마비|비뚤|돌아가|일그러)|입(?:이|꼬리가|가)?(?:한쪽으로)?(?:돌아가|돌아갔|비뚤|처지|처졌)|(?:입꼬리|입가|입술|입|얼굴)(?:가|이|도|는|의)?(?:한쪽|왼쪽|오른쪽)(?:이|만|으로|도|은)?.{0,4}?(?:내려가|내려갔|내려간|처지|처졌|처져|처진|쳐지|쳐졌|쳐진|비뚤|삐뚤|돌아가|돌아갔|일그러)|(?:한쪽|왼쪽|오른쪽)(?:입꼬리|입가|입술|얼굴)(?:가|이|만|도)?.{0,4}?(?:내려가|내려갔|내려간|처지|처졌|처져|처진|쳐지|쳐졌|쳐진|비뚤|삐뚤|돌아가|돌아갔|일그러)|(?:한쪽|왼쪽|오른쪽)(?:입꼬리|입가|입)(?:에서|으로|로|쪽으로)?(?:물|침|음식|밥|국)(?:이|을|가)?.{0,2}?(?:흐르|흘러|새|샌|흘리|줄줄)|안면마비",
    ),
    neg(
        "one_side_weak",
        r"\b(?:one|left|right) side\W+(?:\w+\W+){0,4}?(?:weak|numb|can'?t move|paraly\w*|dead|no feeling)|\bcan'?t (?:lift|move|feel) (?:my|his|her|the) (?:\w+ )?(?:arm|leg|hand|side)|\bcant (?:lift|move|feel) (?:my|his|her|the) (?:\w+ )?(?:arm|leg|hand|side)|\b(?:arm|leg) (?:is |went |feels )?(?:still |suddenly |really |very |so )?(?:weak|numb|limp|dead)\b|\b(?:can'?t|cant|couldn'?t|won'?t|unable to) \w+ (?:\w+ ){0,4}?(?:with |in )?(?:his|her|my|their|the) (?:left|right) (?:hand|arm|leg|foot)\b|\bhemipleg\w*|\bdropp\w* (?:\w+ ){0,3}?(?:from|with|out of) (?:his|her|my|their) (?:left|right) hand\b|\bparaly\w*|\b(?:weak\w*|numb\w*) (?:in|on|of) (?:my|his|her|the) (?:left|right) (?:\w+ )?(?:arm|leg|hand|side)|\b(?:left|right) (?:arm|leg|hand)s?\W+(?:\w+\W+){0,3}?(?:weak\w*|numb|limp|dead|paraly\w*)|\b(?:left|right|one) (?:arm and leg|leg and arm|side of (?:my|his|her|the) body)\W+(?:\w+\W+){0,3}?(?:weak\w*|numb\w*|heavy|limp|dead|tingl\w*)",
        "(?:한쪽|오른쪽|왼쪽|반쪽|편측)(?:팔|다리|팔다리|손|몸|얼굴)?.{0,6}?(?:힘이(?:안|없|빠)|힘이안|마비|저리|저려|감각이없|못움직|안움직)|(?:팔|다리|팔다리|손)(?:에|이|가|을|를)?(?:갑자기)?(?:힘이(?:안들어|없|빠지|빠졌|빠져|빠진|안)|(?:못|안)(?:쓰|써|움직|들))|(?:팔|다리|팔다리|손|발|몸)(?:이|가|을|를)?말을(?:잘)?안들|(?:오른|왼)(?:손|팔|발|다리)(?:으로|로|이|가|을|를|에)?.{0,8}?(?:못|안)(?:잡|쥐|들|움직|써|쓰|디디)|(?:한쪽|오른쪽|왼쪽)(?:팔|다리|팔다리|손|몸)(?:이|가|에|도|과|이랑|하고|랑)?.{0,4}?(?:무겁|무거|둔하|둔해)|(?:한쪽|오른쪽|왼쪽)(?:팔다리|팔이랑다리|팔과다리|팔하고다리|손발)(?:가|이|에|도)?.{0,6}?(?:저리|저려|힘이|마비|감각|둔)|(?:오른|왼)(?:손|팔)(?:으로|로|에서|이|가)?.{0,8}?(?:떨어뜨|놓치|떨궈|떨구)|반신마비|편마비|숟가락을떨어뜨|(?:오른|왼)(?:손|팔|쪽손|쪽팔)(?:으로|로)?.{0,8}?(?:잡기|쥐기|들기)(?:가|도)?(?:힘들|어렵)",
    ),
    c(
        "limb_numb",
        r"\b(?:arm|leg|hand|face|foot)s?\b(?:\W+\w+){0,5}?\W+(?:went|gone|is|are|feels?|going|suddenly) (?:numb|weak|dead|limp|paraly\w*|tingl\w*)|\bnumb(?:ness)? (?:in|on) (?:my|his|her) (?:arm|leg|hand|face)",
        "(?:팔|다리|팔다리|손|얼굴|발)(?:이|가|에|도|쪽이)?.{0,4}?(?:저리|저려|감각이없|마비|힘이빠|힘이없)",
    ),
    neg(
        "speech_trouble",
        r"\bslur\w*|\b(?:can'?t|cant|couldn'?t|unable to|struggl\w* to)(?: seem to)? (?:find|get out|get) (?:his|her|my|the|their) words\b|\bcan'?t (?:talk|speak|get (?:the|his|her|my) words)\w*|\bcant (?:talk|speak)\w*|\bgibberish\b|\b(?:words|speech)\W+(?:\w+\W+){0,3}?(?:jumbled|garbled|slurred|wrong|weird|strange)|\btalk\w* (?:funny|weird|strange|nonsense)|\bnot making sense\b|\b(?:using|uses|saying|says|said|uses) (?:the )?wrong words\b|\bwords (?:are |keep )?coming out wrong\b|\bmix\w* up (?:his|her|my|their) words\b|\b(?:talk\w*|speak\w*|sound\w*|speech)\W+(?:\w+\W+){0,2}?like (?:he'?s|she'?s|they'?re|he was|she was|someone|somebody|a) (?:\w+ )?drunk\b",
        "말(?:이|도)(?:자꾸|좀|계속|갑자기|약간|엄청|너무|잠깐|살짝)?(?:어눌|꼬이|꼬여|꼬였|꼬인|이상|안나|잘안|안되|느려|느리)|단어(?:를|가)?.{0,6}?(?:엉뚱|이상한|이상하게|안떠|생각이안|잘못|안나오|안나와|안나온|안나온대)|어눌|발음이(?:좀|자꾸|약간|살짝|계속|갑자기|많이)?(?:이상|꼬|안|새|샌|뭉개)|엉뚱한말(?:을|만)(?:해|하)|말을(?:제대로|잘)?못|말을(?:이상하게|횡설수설)|횡설수설|말이어둔|(?:말|발음|말씀)(?:이|을|도|하시는것도|하는것도|하시는게|하는게)?.{0,10}?(?:뭉개|뭉그러|꼬부라)|혀(?:가)?꼬부라|술(?:에)?취한(?:사람|것)(?:처럼|같이)(?:말|발음|말씀)|무슨말(?:인지|을하는지)(?:모르|알아들을수(?:가)?없|못알아)",
    ),
    neg(
        "vision_loss",
        r"\b(?:lost|losing|loss of) (?:the |my |his |her |all )?(?:vision|sight)\b|\b(?:black |dark )?curtain\b|\bblind came down\b|\beverything(?:'s| is) (?:all )?blurr\w*|\bcan'?t see\b|\bdouble vision\b|\bblind\b|\bblurr\w* vision\b|\bvision (?:is )?blurr\w*|\bseeing spots\b|\bspots in (?:my|her) vision\b|\bflashing lights\b",
        "(?:눈이|눈앞이|시야가|앞이).{0,12}?(?:안보|안보여|침침|흐리|흐려|번쩍|깜깜|캄캄|두개로|겹쳐|뿌예|뿌얘|뿌옇|시커멓)|커튼(?:친|내려|을친|이내려)|시력(?:을|이)?(?:잃|떨어)|두개로보|둘로보|겹쳐보|이중으로보",
    ),
    // A curtain or shadow coming over the sight, or one eye gone dark ("왼쪽 눈이 안 보여요", a negation
    // in its own words): retinal detachment or a retinal artery blocked (NHS: A&E now).
    neg(
        "vision_curtain",
        r"\b(?:curtain|shadow|veil|shade)\b[^.!?\n]{0,30}?\b(?:came|coming|come|fell|falling|drawn|pulled)\b(?:\W+\w+){0,2}?\W+(?:down|over|across)\b|\bblind came down\b|\bcan'?t see (?:anything |a thing )?(?:at all )?(?:out of|with|from|in) (?:my|his|her|their|one|the) (?:left |right )?eye\b|\b(?:lost|losing|loss of) (?:the |all )?(?:vision|sight) (?:in|of) (?:my|his|her|their|one|the) (?:left |right )?eye\b|\b(?:left|right|one) eye\W+(?:\w+\W+){0,3}?(?:went|gone|going|turned) (?:completely |totally |suddenly )?(?:blind|black|dark)\b|\b(?:went|gone|is) blind in (?:my|his|her|their|one|the) (?:left |right )?eye\b",
        "커튼(?:을|이)?.{0,4}?(?:친|치듯|쳐진|내려|내린)|(?:검은|까만|어두운)(?:막|그림자|커튼)(?:이|가)?.{0,4}?(?:내려|드리|가려|덮)|시야(?:가|를|의)?(?:일부|반|절반|위쪽|아래쪽|한쪽)?(?:가|이)?(?:가려|가리|까맣|깜깜|캄캄)|(?:한쪽|왼쪽|오른쪽|왼|오른)눈(?:이|은|만|으로|에)?(?:갑자기|아예|하나도|전혀)?.{0,4}?(?:안보|보이지않|보이질않|캄캄|깜깜|시커|까매|까맣|실명)",
    ),
    c("confusion", r"\bconfus(?:ed|edly|ion|ing)\b|\bdisorient\w*|\bhallucinat\w*|\bseeing things that (?:aren'?t|are not) there\b|\bnot making (?:any )?sense\b|\bout of it\b|\bdrows\w*|\bdazed\b|\bnot (?:acting )?(?:himself|herself|right)\b|\bdoesn'?t (?:seem to )?know where\b|\b(?:can'?t|couldn'?t|could not|cannot) tell (?:me |us )?(?:what day|where|who|the day|(?:his|her) (?:own )?name)\b|\bstaring (?:through|past) (?:me|us|them)\b|\bweird(?:ly)? sleepy\b|\bmuddled\b|\bnot with it\b|\b(?:doesn'?t|didn'?t|can'?t) recogni[sz]e\b|\bcan'?t (?:stay awake|keep (?:his|her|my) eyes open)\b|\bkeeps? (?:nodding|drifting) off\b|\bspaced out\b|\b(?:nothing|none of what) (?:he|she|they) (?:says|said) makes (?:any )?sense\b|\bmakes? no sense\b|\bdoesn'?t make (?:any )?sense\b|\bmumbl\w*|\bincoheren\w*|\bdoesn'?t know (?:her|his|their|my) (?:own )?name\b|\bdoesn'?t know who (?:i|we) (?:am|are)\b|\b(?:doesn'?t|doesnt|didn'?t|didnt) know (?:what (?:day|year|month|time)|where (?:he|she|they) (?:is|are|was)|who)\b", "정신이없|헛것|헛게보|환각|정신이혼미|정신이오락가락|횡설수설|헛소리|딴소리|엉뚱한소리|의식이흐|몽롱|정신을못|헤롱|비몽사몽|어딘지모르|여기가어디냐고|어디냐고(?:계속|자꾸|물)|엉뚱한말|사람을못알아|못알아보|못알아봐|멍하게|멍해|멍하니|누구냐고|누구세요|꾸벅꾸벅|자꾸졸|눈을못뜨|여기가어디(?:냐|야|예요|에요|인지)|(?:너|넌|니|당신|네가|니가)(?:는)?누구(?:냐|야|니)|(?:오늘이|지금이)몇(?:년|월|일)인지(?:도)?모르|(?:말|말씀)(?:을|이|도)?(?:웅얼|오락가락|알아듣게못|알아들을수(?:가)?없)|웅얼웅얼|웅얼거"),
    // --- headache (NICE CG150: thunderclap headache; KTAS sudden severe headache) ---
    c("headache", r"\bheadache\w*|\b(?:grabb|clutch|grasp)\w* (?:at )?(?:his|her|my|their) head\b|\bhead (?:is )?(?:pounding|hurts|hurting|exploding|splitting)|\bhead ?(?:pains?|aches?)\b|\bmigraine\b|\bpain\w* (?:in|at|on) (?:the )?(?:back of |side of |top of )?(?:my|his|her|their|the) head\b", "두통|머리(?:가|를|쪽이|뒤가)?.{0,10}?(?:아[프파픈퍼팠]|지끈|깨질|터질|터지는|터진|울려|망치)|뒷머리|뒤통수|뒷골(?:이|도)?.{0,8}?(?:아[프파픈퍼팠]|땡기|당기|지끈|깨질|뻐근)|머리를(?:감싸|움켜|부여잡|붙잡|쥐어)"),
    c(
        "worst_headache",
        r"\bworst (?:headache|head pain|pain)\w*|\bthunderclap\b|\bexplosive headache\b|\bheadache\W+(?:\w+\W+){0,3}?(?:like (?:being )?hit|ever)\b|\bhit (?:with|by) a (?:bat|hammer)\b|\blike (?:being )?(?:hit|struck|kicked|smacked|whacked) (?:in|on|over|at) the (?:back of the )?head\b|\b(?:headache|head)\W+(?:\w+\W+){0,4}?like (?:a )?(?:lightning|thunder ?bolt|bolt of lightning)\b|\b(?:explosion|exploded|bomb went off|bomb going off) (?:in|inside) (?:my|his|her|their) head\b|\b(?:head|headache)\b[^.!?\n]{0,40}?\b(?:something|it|a vessel|a blood vessel)\b (?:just )?(?:popped|burst|snapped|went pop|went bang)|\b(?:something|a (?:blood )?vessel) (?:just )?(?:popped|burst|snapped) (?:in|inside) (?:my|his|her|their) head\b|\blike (?:someone|somebody|being)\b[^.!?\n]{0,30}?\b(?:hit|smacked|whacked|struck|clubbed|kicked)\b[^.!?\n]{0,40}?\b(?:head|skull)\b|\b(?:head|headache|skull)\b[^.!?\n]{0,60}?\b(?:nothing|zero|0) to (?:ten|10)\b",
        "(?:태어나서|살면서|평생|생애)(?:처음|최악)|망치로맞은|둔기로맞은|벼락|번개(?:를|에)?맞은(?:것|듯)|번개(?:가)?치듯|(?:망치|둔기|야구방망이|방망이|빠따|배트|몽둥이|각목|벽돌)로.{0,6}?(?:맞은|때린|얻어맞은|맞는)(?:것|듯)|(?:머리|뒷머리|뒤통수)(?:를|가)?(?:세게|한대)?(?:맞은|얻어맞은)(?:것|듯)|이렇게아픈(?:건|것은|거|게)?처음|쾅(?:하고|하더니|하는)(?:순간)?(?:머리|뒷머리|뒤통수)(?:가|전체가|속이|속에서)?.{0,6}?(?:터지|터질|깨지|깨질|울리|아[프파])|머리.{0,30}?(?:1분|일분|몇초|순식간|몇분)(?:만에|사이에|안에).{0,8}?(?:최고|최악|극심|제일)|(?:1분|일분|몇초|순식간|몇분)(?:만에|사이에|안에)(?:머리|두통)(?:가|이)?.{0,6}?(?:최고|최악|극심|제일)|머리(?:속|안)?(?:에서|가|속에서)?(?:뭔가|무언가|뭐가|핏줄이|혈관이)?(?:뚝|펑|팡|툭)(?:하고|하더니|하는)?(?:터진|터졌|끊어진|끊어졌|끊긴)",
    ),
    neg("stiff_neck", r"\bstiff neck\b|\bneck (?:is |feels )?(?:\w+ )?stiff\b|\bcan'?t (?:bend|move) (?:my|his|her) neck\b|\b(?:can'?t|cannot|won'?t|unable to) (?:\w+ ){0,3}?chin (?:to|on|onto|down to) (?:my|his|her|the) chest\b", "목(?:이|도|가|뒤가|덜미가)?(?:너무|좀|완전)?(?:뻣뻣|굳|뻐근해서)|(?:고개|목)(?:를|을)?(?:앞으로|아래로)?(?:못숙|숙일수(?:가)?없|숙이지(?:를)?못|안숙여|못굽|굽히지못)|고개를(?:못|앞으로못)"),
    c(
        "photophobia",
        r"\blights?\W+(?:\w+\W+){0,3}?hurts?\b|\bsensitiv\w* to (?:the )?light\b|\bphotophob\w*|\b(?:can'?t|cannot|won'?t) (?:stand|bear|look at|tolerate) (?:the )?(?:light|lights|brightness)\b|\blight (?:hurts|bothers|is killing) (?:my|his|her) eyes\b",
        "빛이눈부|눈이부셔|눈부시|빛(?:을|이)?(?:싫어|못견|피하)|빛을못|(?:불|빛|불빛|햇빛|조명|형광등)(?:을|만|이|에)?(?:켜면|보면|켜니|켜면은|보니|닿으면).{0,6}?(?:아[프파퍼]|부셔|못뜨|찡그|싫)",
    ),
    neg(
        "nonblanching_rash",
        r"\b(?:rash|spots?|dots|blotches|marks)\W+(?:\w+\W+){0,8}?(?:doesn'?t|does not|don'?t|do not|didn'?t|won'?t|not) (?:fade|go away|blanch|disappear)|\bpress(?:ed|ing)? a glass\b|\bnon-?blanching\b|\bglass test\b|\bpurple (?:spots|rash|blotches)\b|\bpetechia\w*|\b(?:tiny|little|small|pin ?prick|pinpoint|pin-?point)\W+(?:\w+\W+){0,2}?(?:dark red|purple|purplish|red-purple|maroon|dark) (?:spots|dots|marks|specks)\b",
        "(?:보라색|자주색|붉은|검붉은)(?:반점|점|멍|발진)|(?:작은|좁쌀같은|깨알같은|자잘한)(?:검붉은|보라색|자주색|붉은)?(?:점|반점)(?:들)?(?:이)?.{0,8}?(?:생겼|생기|올라|보여|보이)|눌러도(?:안없|없어지지|사라지지|안사라|색이안빠|그대로)|(?:컵|유리컵|유리잔|잔)(?:으로|을|에)?.{0,10}?(?:눌러|대고|대보|굴려).{0,12}?(?:안빠|안없|안사라|그대로|안흐려|보여|보이)|자반",
    ),
    // A rash that fades under a pressed glass is no meningitis rash (NICE NG240: the glass test).
    c(
        "blanching",
        r"\b(?:fades?|faded|fading|disappear\w*|goes away|went away|blanch(?:es|ed|ing)?)\W+(?:\w+\W+){0,3}?(?:under|with) (?:the |a )?glass\b|\b(?:glass|tumbler) test\W+(?:\w+\W+){0,6}?(?:fades?|faded|disappear\w*|goes away|went away|blanch(?:es|ed)?)\b",
        "(?:컵|유리컵|유리잔|잔)(?:으로|을|에)?.{0,10}?(?:눌러|대고|대보|굴려).{0,12}?(?:없어지|사라지|사라져|색이빠지|흐려지|연해지)",
    ),
    // --- breathing (KTAS respiratory distress; NHS 111: struggling to breathe, blue lips) ---
    neg(
        "cant_breathe",
        r"\bcan'?t\W{1,3}breath\w*|\bcannot breath\w*|\btoo (?:breathless|out of breath|short of breath|winded|puffed) to (?:talk|speak|finish|say|walk|eat|lie)\b|\b(?:can|could)(?:'?t)? (?:barely|hardly) (?:breath\w*|get air|talk|speak|get (?:a|the) words out)|\bcan'?t (?:finish|say) a (?:sentence|word)|\bcant finish a sentence|\bbreath(?:ing|in) (?:funny|weird\w*|strange\w*|odd\w*|funnily)\b|\bgasping\b|\bstruggling (?:to|for) (?:breath\w*|air)\b|\bchoking\b|\bnot getting (?:any )?air\b|\bcan only (?:say|speak|talk|get (?:\d|a few|one|two|three)\b)|\bone word at a time\b|\b(?:paus|stop|gasp)\w* (?:for (?:a )?breath )?between (?:\w+ ){0,2}?words\b|\bcan'?t (?:talk|speak) in (?:full )?sentences\b|\blabou?red breathing\b|\bstruggling\b[^.!?\n]*?\bbreath\w*|\bbreath\w*[^.!?\n]*?\bstruggling\b|\bgrunt\w*|\bhead[- ]bobb\w*|\bbobb\w* (?:his|her|their) head\b|\bcan'?t (?:string|put) (?:a |two |three )?(?:sentence|words)\b|\bcan'?t (?:get|take|catch) a (?:full|proper|deep|decent|whole) breath\b|\bsuffocat\w*|\b(?:stop|pause)\w* (?:in the )?(?:middle of|mid)[- ](?:a )?sentence\b",
        "숨(?:을|이)?(?:잘|제대로|전혀)?(?:못쉬|못쉴|쉴수없|쉬지못|안쉬어)|(?:숨이차서|숨차서|숨이가빠서|숨가빠서)말(?:이|을)?(?:안|못)|(?:숨이차서|숨차서|숨이가빠서|숨가빠서|숨이모자라)(?:말을|말도)?(?:끊어|끊겨|끊기|띄엄띄엄|중간중간)|숨을헐떡|숨넘어|숨(?:도|을|이)?이상하게(?:쉬|쉰)|숨이턱(?:턱|막)|(?:한두|몇)마디(?:밖에|도)?|한마디씩(?:끊|겨우|밖에|띄엄)|캑캑|켁켁|목이막혀숨|숨쉬기(?:가)?(?:너무|많이|엄청)힘들|숨(?:이|을)?(?:꺽꺽|컥컥)|숨(?:이)?넘어갈",
    ),
    // The chest wall sucked in, grunting, flaring nostrils (NICE NG143 red): a child working to
    // breathe, which no blocked nose explains.
    c(
        "retractions",
        r"\b(?:ribs|chest|skin|tummy|belly|neck)\b[^.!?\n]{0,40}?\b(?:sucking|sucks|sucked|pulling|pulls|caving|sinking) in\b|\bsucking in\b|\bgrunt\w*\b[^.!?\n]{0,30}?\bbreath\w*|\bbreath\w*[^.!?\n]{0,30}?\bgrunt\w*|\bnostrils? (?:are |keep )?flar\w*|\bflaring (?:his |her |their )?nostrils\b|\brecession\b|\bretractions?\b",
        "숨.{0,8}?끙끙|끙끙거리며숨|(?:갈비뼈|가슴|명치|쇄골|목)(?:사이|아래|밑|위)?(?:가|이)?(?:쑥|푹|움푹|쏙|폭){0,2}(?:들어가|꺼지|꺼져)|콧구멍(?:이|도|을)?(?:벌렁|벌름)",
    ),
    // Speaking only in words (KTAS severe respiratory distress) when told with a breathing sign.
    c(
        "hard_to_speak",
        r"\b(?:hard|difficult|struggling|a struggle) to (?:talk|speak|get (?:words|a sentence) out)\b|\bcan only (?:say|speak|talk)\b|\bcan'?t (?:talk|speak) (?:properly|in sentences|more than)",
        "말(?:하기|을하기|을잇기)(?:가|도)?(?:너무|좀|많이)?(?:힘[들드듦]|어렵|어려)|말(?:한마디|한두마디)(?:하기|하는것|하는거)(?:가|도|조차)?(?:너무|좀|많이)?(?:힘[들드듦]|어렵|어려|숨차|숨이차|벅차)|말을(?:잇지|이어가지|끝까지)못|한마디씩",
    ),
    c(
        "blue_lips",
        r"\b(?:lips?|face|skin|fingers?|fingertips?|(?:finger)?nails)\W+(?:\w+\W+){0,5}?(?:blue|bluish|purple|gr[ae]y|gr[ae]yish)\b|\bcyano(?:sis|ses|tic|sed)\b|\b(?:turn\w*|went|go(?:es|ing)?|gone) (?:\w+ )?(?:(?:\w+ )?and )?(?:blue|purple|dusky)\b|\bblue (?:spells?|episodes?|around (?:the|his|her) (?:lips|mouth))\b|\bturning blue\b|\b(?:blue|bluish|purple|gr[ae]y|gr[ae]yish|dusky)\W+(?:\w+\W+){0,2}?(?:around|round) (?:the |his |her |my )?(?:lips|mouth)\b",
        "(?:입술|입(?:주변|주위|가))(?:이|도|주변이|주위가|색이|이랑|하고)?.{0,8}?(?:파래|파랗|보라|퍼래|새파|퍼렇|시퍼|회색|잿빛)|청색증|얼굴(?:이|도|색이)?.{0,4}?(?:파래|파랗|새파|퍼래|퍼렇|시퍼)|입술(?:이|도)?(?:파래|파랗|보라|퍼래|새파)|청색증|얼굴이(?:파래|파랗|새파)|(?:입술|입술주변|입주변|입가|얼굴|손끝|입술색)(?:이|도|가|색이|색도)?.{0,8}?(?:파래|파랗|파르|보라|퍼래|퍼렇|새파|시퍼|회색|잿빛|거무)",
    ),
    // Slow or shallow breathing: opioids, a failing chest (NHS: 999 with drowsiness).
    c(
        "slow_breathing",
        r"\bbreath\w* (?:is |are |has (?:become|gone|got) |very |really |so )*(?:shallow|slow)\b|\bshallow (?:and slow |and fast )?breath\w*|\bslow (?:and shallow )?breath\w*|\bbarely breathing\b",
        "숨(?:을|도|이)?(?:너무|아주|엄청|되게|많이|점점|이상하게)?(?:얕게|느리게|약하게|가늘게)(?:쉬|쉰|쉽|쉴)|숨을(?:너무|아주)?(?:얕게|느리게|약하게)|숨이(?:너무|아주)?(?:얕|느려|약해)|호흡이(?:너무|아주)?(?:얕|느려|느리|약)",
    ),
    c("wheeze", r"\bwheez\w*|\bwhistling\b|\bstridor\b", "쌕쌕|쌔액|휘파람|그르렁"),
    c("asthma_attack", r"\basthma attack\b|\basthma (?:is )?(?:flar\w*|bad|worse)", "천식발작|천식이(?:심|악화)"),
    neg("asthma_unrelieved", r"\b(?:inhaler|puffer|ventolin|salbutamol|albuterol|nebuli[sz]er)\W+(?:\w+\W+){0,6}?(?:not|isn'?t|isnt|doesn'?t|didn'?t|no|nothing|hasn'?t) (?:help\w*|work\w*|touch\w*|doing|done|difference|effect)|\b(?:not|isn'?t|isnt) (?:helping|working|touching it)\b|\b(?:inhaler|puffer|ventolin|pumps?|puffs?)\W+(?:\w+\W+){0,4}?\d+ (?:times|puffs)\b|\b\d+ puffs\b|\b(?:inhaler|puffer|ventolin|pump)\W+(?:\w+\W+){0,3}?every (?:few|couple of|\d+) min\w*|\bnothing'?s? (?:changing|working|helping)\b", "흡입기(?:를|도)?(?:써도|사용해도|뿌려도)|(?:흡입기|벤토린|호흡기|스프레이|인헤일러)[^.]{0,12}?(?:흡입했|뿌렸|썼|했)(?:는데|지만|어도)(?:도)?.{0,4}?(?:그대로|소용없|효과없|안들|안듣|똑같|안나아|안돼|안되)|흡입기(?:를|도)?.{0,6}?(?:써도|뿌려도|사용해도|해도)(?:안듣|안들|소용|효과가없|그대로)|(?:흡입기|벤토린|호흡기)(?:가|이|도)?(?:안|소용|효과가없|안들|안듣)|(?:흡입기|벤토린|호흡기|스프레이)(?:를|을)?.{0,10}?(?:뿌려도|뿌렸는데도|써도|썼는데도|했는데도|흡입해도).{0,4}?(?:안|소용|그대로|효과)"),
    // --- anaphylaxis (NICE CG134; KTAS allergic reaction with airway compromise) ---
    c(
        "allergen",
        r"\bstung\b|\bsting\b|\bbee\b|\bwasp\b|\bpeanuts?\b|\bnuts?\b|\bshrimp\b|\bshellfish\b|\bprawns?\b|\ballerg\w*|\bate\b|\beating\b|\bantibiotic\w*|\binjection\b|\bshot\b|\bpenicillin\b|\bamoxicillin\b|\bmedicine\b|\bmedication\b|\bdrug\b|\bafter taking\b",
        "벌(?:에|한테|집|침)|꿀벌|말벌|쏘였|쏘인|땅콩|견과|새우|갑각류|게를|조개|알레르기|알러지|항생제|주사|먹고|먹은|먹었|먹자마자|약먹고|페니실린",
    ),
    neg(
        "airway_swelling",
        r"\b(?:throat|tongue|lips?|face|mouth|eyes?)\W+(?:\w+\W+){0,3}?(?:swell\w*|swollen|closing|tight\w*|puff\w*)|\bswelling (?:of|in|on) (?:the |my |his |her )?(?:throat|tongue|lips?|face)|\bhard to swallow\b|\bcan'?t swallow\b|\bthroat (?:is )?clos\w*|\bhoarse\w*|\bcroaky\b|\braspy\b|\bvoice (?:is |went |sounds )?(?:changed|weird|strange|raspy|croaky|gone|hoarse|funny)|\bdrool\w*|\btongue (?:feels |is |looks )?(?:thick|big|huge|fat|heavy)\b|\b(?:lips?|face|eyes?) (?:are |is )?(?:blowing|puffing) up\b",
        "(?:혀|입술|얼굴|눈|입|목)(?:이|가|랑|도|과|까지)?.{0,4}?(?:붓|부어|부었|부풀|퉁퉁)|목(?:이|안이|구멍이)?(?:점점|좀|자꾸|계속|꽉|너무|살짝|약간)?(?:조이|조여|막히|막혀|막힌|좁아|콱)|목소리가(?:이상|안나|변|쉬|갈라|잠기)|목소리(?:가|도|는)?(?:다|완전|좀|많이|계속)?(?:쉬|쉰|갈라|잠기|안나)|쉰목소리|쉰소리|(?:혀|입술)(?:가|이|도)?.{0,6}?(?:두꺼워|두꺼운|두툼|꽉차|꽉찬|커지|커져|커진)|삼키기(?:가|도|조차)?(?:너무|좀|많이)?(?:힘들|어렵|어려)|침을(?:못삼|흘)",
    ),
    neg(
        "throat_closing",
        r"\bthroat\W+(?:\w+\W+){0,3}?(?:clos\w*|swell\w*|swollen|tight\w*)|\btongue\W+(?:\w+\W+){0,3}?(?:swell\w*|swollen|thick|huge)|\bcan'?t swallow\b|\bcant swallow\b|\b(?:lips?|face|mouth)\W+(?:\w+\W+){0,4}?(?:swell\w*|swollen)\W+(?:\w+\W+){0,8}?(?:now|into|to|reach\w*|spread\w*)\W+(?:\w+\W+){0,2}?tongue\b",
        "(?:입술|얼굴|입)(?:이|가)?.{0,8}?(?:붓|부어|부었|부풀).{0,12}?혀(?:가|도|까지)|목(?:이|안이|구멍이|이꽉)?(?:점점|꽉|자꾸)?(?:조이|조여|막히|막혀|막힌|좁아|콱)|혀(?:가|도|랑|와|하고|까지)?.{0,6}?(?:붓|부어|부었|부풀|퉁퉁)|숨(?:이|통이)?막혀|숨(?:이)?막히",
    ),
    c("hives", r"\bhives\b|\bwelts\b|\bbroke out\b|\brash all over\b", "두드러기|온몸(?:이|에)?(?:빨개|빨갛|붉|가려|두드러기)"),
    // --- GI bleeding (NHS: vomiting blood, black stools -> A&E) ---
    c(
        "vomit_blood",
        r"\b(?:vomit\w*|throw\w* up|threw up|puk\w*|cough\w* up|brought up|bringing up)\W+(?:\w+\W+){0,8}?blood\b|\bcoffee[- ]?grounds?\b|\bhaematemesis\b|\bhematemesis\b|\bblood\W+(?:\w+\W+){0,3}?(?:vomit|sick|puke)\b|\bbloody (?:vomit|sick)\b|\b(?:cups?|cupfuls?|mouthfuls?) of (?:bright red |fresh )?blood\b",
        "(?:^|[^커])피를.{0,12}?(?:토|쏟|게우|게워)|토.{0,8}?피가|기침.{0,12}?피(?:가|를)?.{0,14}?(?:컵|바가지|많이|계속|쏟|울컥|한가득|새빨간|시뻘건)|(?:종이컵|한컵|바가지).{0,6}?피|토혈|피토|커피색(?:토|구토)|커피(?:찌꺼기|가루)같은|각혈|(?:토|구토)에피|피섞인(?:토|구토)",
    ),
    // Coughing up blood (NHS: more than a few teaspoons, or with breathing trouble -> 999).
    c(
        "cough_blood",
        r"\bcough\w* (?:up |out )?(?:\w+ ){0,4}?blood\b|\bhae?moptysis\b|\bspit\w* (?:up |out )?(?:\w+ ){0,3}?blood\b|\b(?:hack\w*|cough\w*) up\b[^.!?\n]{0,50}?\bblood\b|\bcough\w*\b[^.!?\n]{0,30}?\b(?:brought|bringing) up\b[^.!?\n]{0,50}?\bblood\b",
        "각혈|객혈|기침[^.]{0,24}?피(?:가|를|만|도)|피(?:를|가|만)?.{0,10}?(?:뱉|뱉어)|피가래|가래(?:에|에서|가)?.{0,6}?피",
    ),
    c(
        "blood_amount",
        r"\b(?:tea|table|dessert)?spoon\w*|\bcups?\b|\bcupfuls?\b|\bmouthfuls?\b|\b(?:a lot|lots|loads|so much|a load) of (?:fresh |bright red |dark )?blood\b|\bclots?\b|\bbright red\b|\bpure blood\b|\bnot (?:just )?(?:streaks|specks|flecks)\b",
        "숟갈|숟가락|스푼|종이컵|한컵|한입|입안가득|울컥|한가득|선홍색|새빨간|시뻘건|그냥피|피만",
    ),
    c(
        "black_stool",
        r"\bblack\W+(?:\w+\W+){0,2}?(?:stool|poop|poo|stools|bowel)\w*|\b(?:stool|stools|poop|poo)\W+(?:\w+\W+){0,3}?(?:black|tarry|like tar)\b|\b(?:tarry|tar-like|melaena|melena)\b|\b(?:poo\w*|passing|stools?)\W+(?:\w+\W+){0,3}?(?:black|tar)\b|\b(?:pooping|poop\w*|stool\w*|passing) (?:\w+ ){0,2}blood\b|\bblood\W+(?:\w+\W+){0,2}?(?:stool|poop|toilet)|\b(?:poo|poop|stools?|nappy|diaper)\W+(?:\w+\W+){0,5}?(?:red(?:currant)?|currant|bloody) jelly\b|\bjelly\W+(?:(?:stuff|like|looking|type|in|on|his|her|the|a)\W+){0,4}?(?:poo|poop|stools?|nappy|diaper)|\b(?:poo|poop|stools?)\W+(?:\w+\W+){0,4}?(?:red ?currant|strawberry|raspberry) (?:jam|jelly)\b",
        "(?:변|대변|똥)(?:이|을|에|도)?.{0,4}?(?:검|까맣|새까|까만|시커|거멓|꺼멓|짜장|피|혈)|(?:검은|까만|새까만|시커먼|짜장같은)(?:색)?(?:변|대변|똥)|혈변|흑변|하혈|피(?:가)?섞인(?:변|대변|똥)|딸기잼같은(?:변|똥|피)|(?:설사|대변|똥)(?:에|도|를|이|에서)?.{0,12}?피(?:가|도)?(?:좀|조금|약간|많이)?(?:섞|묻|나)",
    ),
    // Known piles: a few drops of bright blood on the paper after straining are theirs (NHS: piles).
    c("haemorrhoids", r"\bha?emorrhoids?\b|\bpiles\b", "치질|치핵|치열"),
    // --- seizure (NICE NG217 / NHS: seizure over 5 minutes, repeated, or not waking) ---
    c(
        "seizure",
        r"\bseiz(?:e|es|ed|ing|ures?|ural)\b|\bconvuls\w*|\bfitting\b|\bhaving a fit\b|\ba fit\b|\bjerking\b|\bshaking (?:all over|uncontrollabl\w*)\b|\beyes rolled\b|\bfoam\w* (?:at|from) the mouth\b|\b(?:went|goes|going|gone|was|is|got) (?:all )?(?:stiff|rigid) (?:and|then) (?:started )?(?:shak|jerk|twitch)\w*|\btwitching (?:all over|and (?:not|won'?t|isn'?t))|\b(?:floor|ground) (?:twitching|jerking|shaking)\b|\beyes? (?:keep |are |were |is |was |kept )?(?:roll\w*|turn\w*) (?:up|back)\b|\b(?:shaking|jerking|convulsive) fits?\b|\b(?:shaking|jerking|twitching|convulsing|fitting) (?:\w+ ){0,3}?(?:non-?stop|won'?t stop|not stopping|for (?:over |more than )?\d+ ?min\w*)|\bstill (?:shaking|jerking|fitting|twitching|convulsing) (?:\w+ ){0,2}?\d+ ?min\w*",
        "경련|발작|경기(?:를)?(?:했|해|하|일으|시작)|경기가(?:났|나서|나요|시작)|거품을(?:물|뿜)|입(?:에서|에|가)?(?:하얀)?거품|(?:온몸|팔다리|몸)(?:이|을|가)?.{0,4}?(?:뻣뻣|경직)(?:해지|되|해|하게)(?:면서|고|더니|며|다가).{0,8}?(?:떨|경련|부들|흔들|움찔)|눈(?:이|을)?(?:까뒤집|치켜뜨|흰자만)|부들부들떨|온몸(?:을|이)?(?:떨|뒤틀|굳)|눈이돌아가|눈(?:이|을)?뒤집|(?:온몸|팔다리|몸)(?:을|이|가|를)?(?:막)?(?:떨|떠|뒤틀|흔들|버둥)[^.?!]{0,16}?(?:\\d+분(?:째|넘|이상|동안)|안멈|멈추지않|멈추질않|또시작|다시시작)",
    ),
    // --- unresponsive or collapsed (KTAS unresponsive; NHS 999) ---
    neg(
        "unresponsive",
        r"\bunconscious\b|\bunresponsive\b|\b(?:won'?t|wont|can'?t|cant|not|isn'?t|isnt|doesn'?t|didn'?t|hasn'?t|hasnt) (?:really |properly |fully )?(?:wak\w*|woken|respond\w*|moving|answering)|\bcan'?t wake (?:him|her|them)\b|\b(?:not|isn'?t|isnt|wasn'?t|aren'?t|stopped) (?:really )?breathing\b|\bbarely breathing\b|\bno pulse\b|\bpassed out\b|\bcollaps\w*|\bfell (?:down|over) and\b|\bfound (?:him|her|my \w+) on the floor\b|\bknocked out\b|\bout cold\b|\bbarely (?:conscious|awake|responsive|responding)\b|\bsemi[- ]?conscious\b|\b(?:in and out of consciousness|drifting in and out)\b|\b(?:can'?t|cant|couldn'?t) rouse\b|\bunrousable\b|\b(?:can'?t|cant|couldn'?t|won'?t|wont) be (?:woken|wakened|roused)\b|\bnot rousable\b|\bnot (?:really |very |fully )?(?:responsive|responding)\b|\b(?:pinch\w*|shak\w*|shout\w*|slap\w*|call\w*|yell\w*)\W+(?:\w+\W+){0,4}?(?:and|but) (?:\w+ )?(?:doesn'?t|won'?t|didn'?t|can'?t|cant|wont|doesnt|didnt|no) (?:wake|respond|react|budge|open (?:his|her) eyes)|\bnot breathing (?:properly|right|normally)\b|\b(?:hasn'?t|hasnt|won'?t|wont|not) (?:come|coming) (?:round|around|to)\b",
        "의식(?:이|을)?(?:없|잃|불명)|흔들어도|(?:꼬집어|꼬집어봐|불러|불러봐|때려|때려봐)도[^.]{0,6}?(?:안일어|못일어|일어나지|안깨|못깨|반응|대답|눈을안|꿈쩍)|안깨|깨지않|못깨|깨어나지않|안깨어나|깨워도|반응(?:이|을)?(?:없|안)|대답(?:이|을)?(?:없|안)|숨을(?:안|쉬지않)|숨(?:이)?(?:멎|멈췄)|쓰러지|쓰러졌|쓰러져|정신을잃|기절(?:했|해|하더|을했|한|상태)|움직이지(?:도)?않|맥박이없|심장이멈|(?:누워서|누운채|쓰러진채|바닥에)(?:로)?.{0,4}?(?:안움직|꼼짝)",
    ),
    // --- severe bleeding (KTAS uncontrolled haemorrhage; NHS 999) ---
    neg(
        "heavy_bleeding",
        r"\b(?:bleeding|blood)\W+(?:\w+\W+){0,3}?(?:won'?t|wont|doesn'?t|isn'?t|not|can'?t) (?:stop\w*)|\bwon'?t stop bleeding\b|\bstill bleeding\b|\bbleeding (?:heavily|a lot|badly|everywhere)\b|\bbleeding like crazy\b|\b(?:spurt|gush|pour|squirt)\w*\b|\bsoak\w* through\b|\b(?:lots|loads|tons|heaps|a lot|so much) of blood\b|\bso much blood\b|\bbleeding out\b|\bblood everywhere\b|\b(?:bleed\w*|bled) through\b|\bpuddle of blood\b|\ba puddle on the floor\b|\bbleeding for (?:over |more than )?(?:an|\d+|two|three) hours?\b|\bpool\w* (?:of )?blood|\bblood\W+(?:\w+\W+){0,3}?(?:pool\w*|puddl\w*|dripping|running down)|\b(?:towel|cloth|bandage|shirt|t-shirt)s?\W+(?:\w+\W+){0,3}?(?:soaked|drenched|full of blood|red)|\bsoaked (?:through )?(?:the |a |his |her |my )?(?:towel|cloth|bandage)|\b(?:cut|wound|bleed\w*|gash|nose ?bleed\w*)\b[^.!?\n]*?\b(?:won'?t|wont|doesn'?t|will not|can'?t|isn'?t|is not|not) stop(?:ping)?\b|\bhemorrhag\w*|\bhaemorrhag\w*",
        "(?:피|출혈)(?:가|이)?.{0,8}?(?:안멈|멈추지않|멈추질않|안그쳐|안그치|철철|쏟아|콸콸|줄줄|뿜어|흥건|다젖|계속(?:나|흘|나와))|대량출혈|출혈이심|피가많이|(?:누르|눌러|지혈)(?:고있|해도|는데|도)[^.]{0,8}?(?:계속|안멈|안그)|(?:계속|자꾸)(?:피가)?(?:새어나|배어나|스며나|흘러나)|바닥에(?:피가)?(?:고일|고여|고였|흥건)|피범벅|흘러(?:요|내려)|피(?:가)?(?:고여|고였|고인|웅덩이|뚝뚝|바닥에)|(?:수건|휴지|거즈|옷)(?:이|가|을|이다|가다)?.{0,6}?(?:흠뻑|다젖|피로젖|빨갛게젖|시뻘)",
    ),
    c("deep_wound", r"\bdeep (?:cuts?|wounds?|gash\w*|bites?|lacerations?)\b|\bstitch\w*|\bgaping\b", "상처가(?:깊|벌어)|깊게베|꿰매|봉합"),
    c("menstruation", r"\bperiods?\b|\bmenstru\w*|\bmy cycle\b", "생리|월경"),
    // --- testicular torsion (NHS: sudden testicle pain -> A&E now) ---
    c(
        "testicle_pain",
        r"\b(?:testic\w*|testes|scrot\w*|balls?)\W+(?:\w+\W+){0,3}?(?:pain|hurt\w*|swell\w*|swollen|ach\w*)|\b(?:pain|hurt\w*|swelling|agony|ache|aching)\W+(?:\w+\W+){0,3}?(?:testic\w*|testes|scrot\w*|balls?|nuts?)\b|\b(?:testic\w*|balls?|nuts?)\W+(?:\w+\W+){0,3}?(?:killing|agony|swollen|swell\w*|hurt\w*|pain\w*)|\btorsion\b|\b(?:one|a|left|right) (?:testicle|ball|testis|nut)\W+(?:\w+\W+){0,8}?(?:higher|high up|pulled up|riding high|sitting high)\b",
        "(?:고환|불알|음낭|부랄|땅콩|낭심)(?:이|가|쪽이|쪽|한쪽이)?.{0,8}?(?:아[프파픈퍼팠]|통증|부었|부어|붓|퉁퉁|땡기|당기)|(?:고환|불알|음낭|부랄|낭심|거기|한쪽)(?:이|가|은|는)?(?:한쪽이|한쪽만)?(?:위로|위쪽으로)(?:올라붙|올라가|말려올라|당겨올라|올라와)",
    ),
    // --- pregnancy (KTAS obstetric; NHS/NICE: heavy bleeding, severe pain, pre-eclampsia signs) ---
    c(
        "bleeding",
        r"\bbleed\w*|\bspotting\b|\bblood\b(?:$|\s*[^\w\s]|\s+(?:clots?|on|in|when|everywhere|coming|came|running|ran|down|all|from|was|is|and|with|after|loss))|\b(?:some|the|of|red|fresh|dark|brown|pink|seeing|saw|passing|passed|losing|lost) blood\b", "피가|피도|하혈|출혈|피비|피(?:가)?(?:나|비쳐|비치|묻)"),
    // A little spotting, light or brown: in early pregnancy without pain it is for the midwife or
    // the early pregnancy unit, not 999 (NHS: bleeding in pregnancy).
    c(
        "light_bleeding",
        r"\bspott(?:ing|ed)\b|\b(?:tiny|little|small|light|slight|faint)\W+(?:\w+\W+){0,3}?(?:bleed\w*|blood|spott\w*|discharge)\b|\b(?:pink|brown|brownish)\W+(?:\w+\W+){0,1}?(?:discharge|spott\w*|tinge|streaks?)\b|\bwhen i wiped\b",
        "(?:살짝|조금|약간|아주조금|소량|갈색|분홍|분홍색|붉은기)(?:의)?.{0,4}?(?:피|출혈|분비물|냉|비침|비쳤|비쳐|묻어)|피(?:가)?(?:살짝|조금|약간)(?:비|묻)",
    ),
    // Pregnant 24 weeks or more: any bleeding is for the maternity unit now.
    c(
        "late_pregnancy",
        r"\b(?:2[4-9]|3\d|4[0-2]) ?(?:weeks?|wks?)\b|\bthird trimester\b|\b(?:six|seven|eight|nine|[6-9]) months (?:pregnant|along)\b",
        "(?:2[4-9]|3\\d|4[0-2])주|임신(?:후기|막달|[6-9]개월)|[6-9]개월(?:째|차)",
    ),
    c(
        "abdominal_pain",
        r"\b(?:stomach|belly|abdom\w*|tummy|pelvic|lower)(?: and (?:back|chest|side|groin))? (?:pain|hurts?|ache|cramp\w*)|\b(?:pain|cramp\w*|ache) in (?:my |her |his |the |their )?(?:(?:upper|lower|left|right|middle)[ -])*(?:stomach|belly|abdomen|tummy|lower)|\b(?:stomach|belly|tummy|abdomen) (?:is )?(?:killing|agony)",
        "(?:배|아랫배|복부|하복부|윗배)(?:가|이|는|쪽이)?.{0,8}?(?:아[프파픈퍼팠]|통증|찢어질|끊어질|뒤틀)|(?:배|아랫배|복부|윗배)(?:전체|전체가|가|이)?.{0,8}?(?:칼로|송곳으로|바늘로)?(?:찌르|찔러|쑤시)|복통",
    ),
    c("swelling", r"\bswell\w*|\bswollen\b|\bpuff\w*", "부었|부어|붓고|붓는|부종|퉁퉁"),
    // --- suicide and self-harm (KTAS suicidal ideation with plan; 109/988 crisis lines) ---
    neg(
        "suicidal",
        r"\bkill (?:my|him|her)self\b|\bkms\b|\bunalive (?:my|him|her)?self\b|\boff (?:my|him|her)self\b|\bsuicid\w*|\bwant(?:s|ed)? to die\b|\bwanna die\b|\bend (?:it|it all|my life|things)\b|\bdon'?t want to (?:be alive|live|wake up)|\bbetter off dead\b|\btake my (?:own )?life\b|\bhurt(?:ing)? myself\b|\bnot worth living\b|\bno reason to live\b|\bgiving (?:her|his|my) things away\b|\bend(?:ing)? (?:my|his|her) (?:own )?life\b|\bending it(?: all)?\b|\bwant to disappear\b|\b(?:pills|meds|tablets) (?:saved|stockpiled|hoarded)|\b(?:saved|stockpiled|hoarded) (?:up )?(?:pills|meds|tablets)|\bno point (?:in )?living\b|\bbetter off without me\b|\b(?:take|taking|swallow\w*) all (?:of )?(?:my|the) (?:\w+ )?(?:pills|meds|tablets)\b|\bjump off (?:a|the|my) (?:\w+ )?(?:bridge|building|roof|balcony)|\bcan'?t go on\b|\b(?:standing|sitting|stood) on (?:the|a|top of the) (?:bridge|ledge|edge|roof|railing)\b[^.!?\n]*\blooking down\b|\bwant (?:it all|everything) to (?:stop|end)\b",
        "죽고싶|죽고만싶|목(?:을)?맬|자살|목숨을끊|살고싶지않|살기싫|뛰어내[리릴려렸]|(?:대교|(?:^|[^사])다리|옥상|난간|베란다)(?:위|에|위에)?.{0,16}?(?:내려다|뛰어내)|다끝내고싶|모든걸끝내|인생을끝내|삶을끝내|사라지고싶|유서|목을매|죽어버리|손목을긋|손목을그|약을모아|죽을(?:거|래)예요|죽으려|살이유가없|살의미가없|사는게의미없|생을마감|세상을떠나고싶",
    ),
    // --- lethargy in a child (NICE NG143 red: no response to social cues, hard to wake, floppy) ---
    neg(
        "lethargic",
        r"\bfloppy\b|\blimp\b|\blethargic\b|\bwon'?t (?:feed|eat|drink|wake)\b|\bwont (?:feed|eat|drink|wake)\b|\bhard to wake\b|\bnot (?:feeding|eating|drinking|waking)\b|\bnot taking (?:his|her|the|any) (?:bottle|feeds?|milk|breast)\b|\bsleeping all the time\b|\bunusually sleepy\b",
        "늘어지|늘어져|축처|축늘|처져요|잠만자|잠만|깨워도|안깨|못깨|먹지않|안먹어|먹지를|젖을안|분유를안|기운이없|힘이없어",
    ),
    c(
        "fever",
        r"\bfever(?:s|ish|y|ed)?\b|\btemp(?:erature)?\b|\bhigh temp\b|\bfebrile\b|\bburning up\b|\bfeels? (?:really |very |so )?(?:hot|warm)(?: to (?:the )?touch)?\b|\b(?:burning|boiling|red) hot\b|\bhot to (?:the )?touch\b",
        "열(?:이|도|나|난|날|은|까지|기)|열(?:이|은)?(?:3[7-9]|4[0-2])(?:\\.\\d)?(?:도|에|이|나|까지|$)|고열|발열|체온|몸이(?:뜨겁|뜨거|불덩이|펄펄|화끈)|이마가(?:뜨겁|뜨거|불덩이)|불덩이|펄펄끓|(?:이마|몸)(?:를|가|을|이)?.{0,8}?(?:뜨겁|뜨거|불덩이|펄펄)",
    ),
    // --- who (the frame's subject) ---
    // A pet is the subject when the message names it and no person's complaint: "my cat drank
    // antifreeze", "강아지가 발작을 해요" are for a vet, not 119; "a dog bit me" is not.
    c(
        "animal",
        r"\b(?:my|our|the|his|her|their) (?:\w+ )?(?:dog|puppy|pup|cat|kitten|kitty|hamster|rabbit|bunny|parrot|budgie|cockatiel|parakeet|canary|bird|guinea pig|ferret|gerbil|chinchilla|hedgehog|tortoise|turtle|lizard|gecko|bearded dragon|horse|pony|pet|labrador|lab|poodle|spaniel|terrier|retriever|collie|beagle|dachshund|husky|chihuahua|pug|shih tzu)s?\b|(?:^|[.!?\n]\s*)(?:dog|puppy|cat|kitten|bunny|hamster|parrot|budgie|cockatiel)\b",
        "(?:강아지|고양이|냥이|햄스터|햄찌|토끼|반려견|반려묘|반려동물|댕댕이|앵무|코카티엘|고슴도치|기니피그|페럿|도마뱀|거북이|(?:우리|저희)개|말티즈|푸들|시츄|포메|진돗개|리트리버|비숑|치와와|웰시코기|닥스훈트|강쥐|멍멍이)",
    ),
    // An adult named as the one something happens to ("my cat is fine, but my husband is having a
    // seizure", "남편이 숨을 못 쉬어요"): the message is about a person, whatever pet it names.
    c(
        "adult_subject",
        r"\b(?:(?:it'?s|its|but|no,?) (?:my|our) (?:husband|wife|partner|mum|mom|mother|dad|father|friend|brother|sister|boyfriend|girlfriend|roommate|flatmate|coworker|colleague|neighbou?r)|(?:my|our) (?:husband|wife|partner|mum|mom|mother|dad|father|friend|brother|sister|boyfriend|girlfriend|roommate|flatmate|coworker|colleague|neighbou?r)(?:'s| is| has| was)? (?:having|not|isn'?t|can'?t|cant|collapsed|fainted|fell|passed out|bleeding|choking|seizing|just))\b",
        "(?:남편|아내|와이프|엄마|아빠|어머니|아버지|친구|남자친구|여자친구|남친|여친)(?:이|가|께서)",
    ),
    c("vet", r"\bvets?\b|\bveterinar\w*|\banimal (?:hospital|clinic|er)\b", "동물병원|수의사"),
    c("bitten", r"\bbit(?:ten)? (?:me|him|her|my|his|our|them)\b|\bbites?\b|\bscratch\w*|\bmauled\b|\battacked\b", "물렸|물린|물어서|물었|할퀴"),
    c(
        "first_person",
        r"\bi (?:feel|have|had|was|got|hit|fell|cut|took|ate|drank|swallowed|can'?t breathe)\b|\bmy (?:head|chest|arm|leg|hand|face|throat|eyes?|stomach|belly|back|heart)\b",
        "제가|저는|내가|나는|저도",
    ),
    c(
        "infant",
        r"\bbab(?:y|ies)\b|\bbubs?\b|\bbubba\b|\binfant\b|\bnewborn\b|\bbreastfe\w*|\bformula\b|\bnappy\b|\bdiapers?\b",
        "아기|애기|(?:^|[^돌나찾알살잡앉남좋높많넘따달빠싸다사자차타파하까])아가|신생아|영아|갓난|젖먹이|분유|모유|기저귀",
    ),
    c(
        "older",
        r"\bgrand(?:ma|pa|mother|father|mom|dad)\b|\bgranny\b|\bgrandad\b|\belderly\b|\bold (?:man|woman|lady|guy)\b|\bin (?:his|her|my) (?:6[5-9]|[7-9]0)s\b|\b(?:6[5-9]|[7-9]\d)[- ]?(?:years?|yrs?|y/?o)\b|\baged (?:6[5-9]|[7-9]\d)\b|\(\s*(?:6[5-9]|[7-9]\d)\s*\)|\b(?:mum|mom|mother|dad|father|husband|wife|partner|he|she|neighbou?r|aunt|uncle)(?:'s| is|,)? (?:6[5-9]|[7-9]\d)\b|\bnursing home\b|\bcare home\b|\bretired\b|\bpensioner\b",
        "할머니|할아버지|할매|할배|어르신|노인|시어머니|시아버지|장모|장인|(?:6[5-9]|[7-9]\\d)(?:세|살)|(?:칠|팔|구)십(?:대|세|살|넘)|요양원",
    ),
    c(
        "teen",
        r"\bteen\w*|\b1[0-9][- ]?(?:years?|yrs?|y/?o)\b|\bhigh school(?:er)?\b|\bmiddle school(?:er)?\b|\bstudent\b|\bboy\b|\bgirl\b",
        "중학생|고등학생|초등학생|청소년|(?:^|\\D)(?:1[0-9]|[5-9])살|학생",
    ),
    c("group", r"\b(?:all of us|everyone|everybody|whole family|whole household|both of us|we all|we both|all (?:three|four|five|3|4|5) of us|the kids (?:and|too)|my (?:wife|husband|kids|parents) (?:and i|too|also))\b|\bme,? (?:and )?my (?:husband|wife|partner|kids|son|daughter)\b|\bboth (?:kids|children|of them)\b", "가족(?:모두|다|전부|들이|들도|이다|들모두)|온가족|다같이|모두|둘다|셋다|식구|애들도|아이들도|저도그렇|남편도|아내도"),
    // --- mechanisms (what happened) ---
    c(
        "head_injury",
        r"\b(?:hit|hitting|bang\w*|bump\w*|smack\w*|struck|knock\w*|whack\w*|crack\w*)\W+(?:\w+\W+){0,4}?(?:head|skull|forehead|temple|face)\b|\bhead (?:injury|trauma|knock|bump|first|on the)\b|\bconcuss\w*|\bfell\W+(?:\w+\W+){0,6}?(?:head|skull|forehead)\b|\bhead\W+(?:\w+\W+){0,3}?(?:hit|against|into|on) (?:the |a )?(?:floor|ground|pavement|concrete|wall|table|corner|ice|edge|curb|kerb|door)|\bball (?:to|in) the head\b|\blanded (?:\w+ )?on (?:his|her|my|their|the back of (?:his|her|my|their)) head\b|\bhead (?:first|hit) (?:into|onto|on|the)\b|\bheaded\b|\bhead ?butt\w*|\b(?:lump|bump|swelling|egg|bruise|gash|cut)\W+(?:\w+\W+){0,2}?(?:on|to) (?:the )?(?:back |side |front |top )?(?:of )?(?:his|her|my|their|the) (?:head|forehead|skull)\b",
        "머리(?:를|가|쪽을|부터|쪽|에)?.{0,8}?(?:부딪|박았|박고|박은|박혀|박으|박아|박혔|찧|맞았|맞고|다쳤|다치|깨졌|세게|쿵)|뒤통수(?:를|가)?.{0,4}?(?:부딪|박|찧|맞)|이마(?:를|가)?.{0,4}?(?:부딪|박|찧)|뇌진탕|머리부터떨어|머리에공|머리(?:가|를|부터|로)?(?:땅|바닥|벽|모서리|돌|시멘트)(?:에|으로|에다|을)?(?:닿|부딪|박|찧|쿵|떨어|곤두박)",
    ),
    c(
        "high_impact",
        r"\bcar (?:crash|accident|wreck)|\bcrash\w*|\bhit by (?:a |the )?(?:car|truck|bus|bike|van)|\b(?:div(?:ed|ing)|dove|jumped) (?:into|in|head ?first)\b|\b(?:fell|falls?|fallen|falling|came|come|thrown|flew|slipped|tumbled) (?:off|from|down|out of) (?:a |the |his |her |my |their )?(?:\w+ ){0,2}?(?:ladder|roof|balcony|height|horse|bike|motor ?bike|motorcycle|scooter|scaffold\w*|tree|stairs|wall|cliff|window|climbing frame|jungle gym|monkey bars|bunk bed)|\bmotor ?(?:bike|cycle) (?:accident|crash)|\brugby tackle|\btrampoline\b|\b(?:div(?:ed|ing|e)|dove|jumped)\b[^.!?\n]{0,30}?\b(?:shallow|hit (?:the|his|her|my) (?:head on the )?bottom)\b|\bhit (?:his|her|my|their) head on the bottom\b",
        "교통사고|차에치|차에받|차사고|오토바이사고|다이빙|얕은(?:물|곳|데|쪽)[^.]{0,8}?(?:뛰어들|머리부터)|머리부터(?:뛰어들|입수)|바닥에머리(?:를)?(?:박|부딪|찧)|사다리에서|지붕에서|높은데서|높은곳에서|추락|계단에서(?:굴러|떨어|넘어)|(?:\\d+층|난간|베란다)에서떨어|트램펄린|(?:\\d+층|\\d+(?:m|미터)|꼭대기|사다리|지붕|나무|정글짐|미끄럼틀|비계|옥상|창문|담장|절벽|이층침대)[^.]{0,8}?(?:에서|서)(?:떨어|추락|굴러|미끄러)|(?:오토바이|자전거|킥보드|스쿠터|말)(?:에서|가)?.{0,6}?(?:날아|튕겨|떨어졌|떨어져|미끄러|넘어졌|넘어져)",
    ),
    // Any fall, the mechanism behind a head injury when the head is not named ("fell in the
    // bathroom ... headache worse").
    c(
        "fall",
        r"\b(?:fell|fallen|falls?|falling|slipped|tripped|tumbled) (?:down|over|off|from|in|on|onto|into|out|backwards?|and|while|at|the)\b|\bhad a (?:bad |nasty )?fall\b|\btook a (?:bad |nasty )?(?:fall|tumble)\b|\bslipped\b|\btripped\b",
        "넘어지|넘어졌|넘어져|넘어지셨|미끄러지|미끄러졌|미끄러져|낙상|자빠|굴러떨어|(?:에서|서)떨어(?:졌|져|지|진)",
    ),
    // NICE CG124 hip fracture: after a fall, a leg that is shorter and turned out, or a hip said to be
    // broken.
    c(
        "hip_deformity",
        r"\bleg (?:\w+ ){0,2}?(?:shorter|shortened|turned out\w*|rotated|twisted out\w*)\b|\bfoot (?:\w+ ){0,2}?(?:turned|pointing|rolled|rotated|flopped) (?:out|outwards?|to the side)\b|\b(?:broken|fractured|broke|cracked) (?:her |his |my |their |a |the )?hip\b|\bhip (?:fracture|is broken)\b",
        "다리(?:가|길이가|한쪽이)?.{0,8}?짧아|발(?:이|끝이|이좀)?.{0,6}?바깥(?:쪽)?(?:으로)?(?:돌아|꺾|벌어|향|틀어)|고관절(?:이)?(?:골절|부러)|엉덩이뼈(?:가)?(?:부러|골절)",
    ),
    // NICE CG100 alcohol withdrawal: drinking stopped or cut short in a heavy drinker.
    c(
        "alcohol_withdrawal",
        r"\b(?:stopped|quit|quitting|stopping|gave up|giving up|cut out) (?:the )?(?:drinking|drink|alcohol|booze|vodka|whisk(?:e)?y|beer|wine|spirits|liquor)\b|\bcold turkey\b|\b(?:alcohol|booze) withdrawal\b|\bwithdraw\w* from (?:alcohol|drink\w*)|\bdt'?s(?:$|[^\w-])|\bdelirium tremens\b",
        "술(?:을)?(?:끊|안마신지|안드신지|못마신지|못드신지|끊은지)|(?:술|소주|맥주|막걸리|양주)[^.]{0,20}?(?:끊(?:었|은|으셨|으신|고)|안드신지|안마신지)|금주(?:한|하신|중|하고)|단주|알코올금단|금단증상|(?:술|소주|맥주|막걸리|양주|음주)[^!?]{0,40}?(?:끊(?:었|은|으셨|으신|고)|(?:안|못)(?:마셨|드셨|마신|드신))",
    ),
    // KTAS high-risk mechanism: a crash at speed (60 km/h or more), a fall from a second storey,
    // scaffolding or 3 m or more, thrown from a vehicle or a rollover.
    c(
        "high_energy",
        r"\b(?:[6-9]\d|1\d\d|2\d\d) ?(?:km/?h|kmh|kph|mph|km an hour|miles an hour)\b|\b(?:fell|falls?|fallen|falling|thrown|jumped|came|come) (?:\w+ ){0,3}?(?:from|off|out of) (?:a |the |his |her |my )?(?:(?:[2-9]|second|third|fourth|2nd|3rd|4th)(?:st|nd|rd|th)?[- ](?:floor|stor(?:e)?y)|scaffold\w*|roof|balcony|(?:[3-9]|\d\d) ?(?:m|metres?|meters?)|(?:1\d|[2-9]\d) ?(?:ft|feet|foot))|\b(?:thrown|ejected) (?:from|out of|off) (?:the |a |his |her |my )?(?:car|vehicle|bike|motorbike|motorcycle)|\brolled (?:over|the car)|\brollover\b|\brolled (?:my|his|her|our|their|a|the) (?:car|truck|suv|van|jeep|vehicle|ute|pickup)\b|\b(?:car|truck|suv|van|jeep|vehicle) (?:rolled|flipped)\b|\bflipped (?:my|his|her|our|the) (?:car|truck|suv|van)\b",
        "시속\\d{2,3}|(?:[6-9]\\d|1\\d\\d)(?:km|킬로)|(?:[2-9]층|[3-9]m|[3-9]미터|\\d{2}m|\\d{2}미터|비계|지붕|옥상)(?:높이|정도|높이의|에서|쯤|위)*.{0,4}?(?:에서|서)?(?:떨어|추락)|차(?:가|량이)?(?:뒤집|전복)|튕겨나|(?:몇|\\d+)(?:미터|m)(?:를|나|정도|쯤)?날아",
    ),
    c(
        "burn",
        r"\bburn(?:s|ed|t)?\b|\bscald\w*|\bboiling (?:water|oil|soup)|\bhot (?:water|oil|soup|tea|coffee|pan|iron|stove)\b[^.!?\n]*?\b(?:spill\w*|pour\w*|went|on (?:his|her|my)|fell|grabb\w*|touch\w*)|\bspill\w* (?:hot|boiling)|\b(?:grab\w*|pull\w*|knock\w*|tip\w*|spill\w*|pour\w*|drop\w*)\W+(?:\w+\W+){0,3}?(?:hot|boiling) (?:water|oil|tea|coffee|soup|drink|milk|noodles|pan|pot|cup|mug)\b|\bkettle\b|\bboiling\b|\b(?:tea|coffee|soup|noodles|kettle|pan|pot)\b[^.!?\n]{0,20}?\bover (?:him|her|them|my|your)sel(?:f|ves)\b|\b(?:tipped|spilled|spilt|knocked|pulled|poured) (?:a |the |his |her |my )?(?:cup|mug|pot|pan|bowl|kettle) of\b|\b(?:hot|boiling|frying|cooking|fryer|deep[- ]fry\w*) oil\b|\b(?:fryer|frying pan|deep fryer|grease|pot of oil|pan of oil|chip pan|wok)\b[^.!?\n]{0,40}?\b(?:splash\w*|spill\w*|spatter\w*|tipped|tip\w* over|poured|landed|onto|all over)\b|\bgrease fire\b|\bfrying\b[^.!?\n]{0,60}?\boil\b[^.!?\n]{0,30}?\b(?:splash\w*|spill\w*|tipped|onto|over)\b|\b(?:pull\w*|knock\w*|tip\w*|spill\w*|grabb?\w*|yank\w*)\W+(?:\w+\W+){0,3}?(?:coffee|tea|soup|noodles|ramen|kettle|mug|cup of (?:coffee|tea))\b[^.!?\n]{0,40}?\b(?:onto|on|over|all over) (?:him|her|them|his|her|their|my)(?:self)?\b",
        "화상|데었|데인|데여|데였|뎄|기름(?:이)?튀|뜨거운(?:물|국|기름|커피|차|냄비|다리미)|끓는.{0,4}?(?:물|기름|국)|불에(?:데|탔|타)|불이.{0,8}?붙|옮겨붙|(?:라면|국|찌개|국물|주전자|냄비|포트|기름|커피|커피잔|머그컵|컵라면|보리차|찻잔)(?:을|를|이|가|냄비를|물을)?.{0,10}?(?:엎|쏟|뒤집어)",
    ),
    neg(
        "deep_burn",
        r"\b(?:white|leathery|waxy|charred|blacken\w*|black and)\b|\bpainless\b|\bdoesn'?t (?:even )?hurt\b|\bno (?:pain|feeling)\b|\bcan'?t feel (?:it|anything)\b|\bpeel\w*|\bskin (?:came|coming|is coming|slid|slipping) off|\bblisters?\b[^.!?\n]*?\b(?:big|large|huge|whole|all over|entire|everywhere)|\b(?:whole|entire|most of (?:his|her|my|the)|all over (?:his|her|my|the)) (?:arm|leg|chest|back|belly|tummy|body|thigh)|\bbigger than (?:his|her|my|a|your) (?:hand|palm)\b|\b(?:face|lips|mouth|throat|genital\w*|groin)\b|\bsoot\b|\bsmoke\b|\bcaught (?:on )?fire\b|\bon fire\b|\bflames?\b|\b(?:big|large|huge|massive|serious|severe|extensive)\b[^.!?\n]{0,20}?\bburns?\b",
        "하얗|하얀색|허옇|가죽|딱딱해|검게|까맣|새까|(?:안|하나도안|전혀안)아[프파]|아프지(?:가)?않|감각이없|껍질이(?:벗겨|벗겨져|벗겨졌|일어|훌렁)|살(?:갗)?이(?:벗겨|벗겨져|벗겨졌|훌렁)|피부가(?:벗겨|훌렁|벗겨져|흐물)|물집(?:이)?.{0,6}?(?:크게|넓게|잔뜩|온|여러|엄청)|손바닥보다|(?:팔|다리|배|등|가슴)(?:전체|한쪽전체|다)|얼굴|입안|그을음|연기를|옷에불|(?:크게|넓게|심하게|전신|온몸)(?:에)?(?:화상|데)",
    ),
    c("sting", r"\bstung\b|\bstings?\b|\bbee\b|\bwasps?\b|\bhornets?\b|\bjellyfish\b", "벌(?:에|한테|이)|쏘였|쏘인|쏘여|말벌|해파리"),
    c(
        "mushroom",
        r"\b(?:wild|foraged|picked|unknown|forest|backyard|garden|yard|lawn|strange|random|some) mushrooms?\b|\bmushrooms?\W+(?:\w+\W+){0,4}?(?:found|picked|foraged|growing|from the (?:woods|forest|yard|garden|mountain|park))|\bpoisonous mushroom|\btoadstools?\b|\bforag\w*|\bchanterelles?\b|\bmorels?\b|\bporcini\b|\b(?:chicken|hen) of the woods\b|\bpuffballs?\b|\b(?:picked|found|gathered|collected) (?:some |a few |a bunch of |these |those )?mushrooms\b",
        "(?:야생|산에서딴|산에서따온|캐온|따온|주워온|뜯어온|모르는|들에서딴|산|뒷산|마당|정원|길가)버섯|독버섯|버섯(?:을|을좀)?.{0,10}?(?:따서|따온|따와|땄|캐서|캐온|캐와|캤|주워|주웠|뜯어)|(?:산|뒷산|야산|들|숲|밭|마당|길가|공원|계곡)(?:에서)?.{0,8}?(?:따|캐|주워|뜯)[가-힣]{0,4}?버섯|버섯(?:을|을좀|도)?.{0,10}?(?:따오|따다|캐오|캐다)",
    ),
    c(
        "chemical",
        r"\bbleach\b|\bdrain cleaner|\boven cleaner|\blye\b|\bacid\b|\bammonia\b|\bcement\b|\bchemical\w*|\bdetergent\b|\bcleaner\b|\bpepper spray\b|\bsuperglue\b|\bcaustic\b|\bsolvent\b|\bchlorine\b|\bpool (?:chemicals?|shock|granules)\b|\b(?:heavy[- ]duty|oven|toilet|bathroom|mou?ld|grout|degreas\w*|kitchen|tile) (?:spray|cleaner|foam|gel)\b|\bdegreaser\b|\bmou?ld (?:remover|spray|killer)\b",
        "락스|표백제|세제|세정제|클리너|세척제|오븐|양잿물|염산|황산|산성|암모니아|시멘트|화학|약품|소독약|곰팡이제거|배수구|뚫어|가성소다|순간접착제|최루",
    ),
    c(
        "eye_exposure",
        r"\b(?:splash\w*|spray\w*|squirt\w*|got|went|spill\w*|flew|sprayed)\W+(?:\w+\W+){0,5}?(?:in|into) (?:my |his |her |their |the |both |one )?(?:\w+'s )?(?:left |right |good |other )?(?:eyes?|face)\b|\bin (?:my|his|her|their|the) (?:left |right |good |other )?eyes?\b|\beyes? (?:is |are )?(?:\w+ ){0,3}?(?:burning|stinging|streaming)\b",
        "눈(?:에|에다|안에)[^.]{0,8}?(?:들어|튀|튄|튐|튀었|뿌|묻|닿)|눈(?:으로|안에|속에).{0,4}?(?:들어|튀)|눈이(?:타는|화끈|따가)",
    ),
    c(
        "heat",
        r"\bheat\b|\bhot (?:day|weather|sun|outside|site|car|field|kitchen|warehouse)|\bheat ?wave\b|\bheat ?stroke\b|\bsun ?stroke\b|\bin the sun\b|\bworking outside\b|\bsauna\b|\bmarathon\b|\broute march\b|\bhot yoga\b|\b(?:3[5-9]|4\d) ?(?:c|°c) outside\b|\b(?:9[5-9]|1[01]\d) ?(?:f|°f|degrees) (?:outside|out)\b|\blocked in (?:a|the) car\b|\bhot (?:out|outside|today|in (?:the|there))\b|\b(?:it'?s|its|it was|it hit|hit|reached|over) (?:9[5-9]|1[01]\d) ?(?:°|degrees|°?f\b)? ?(?:today|out(?:side)?|in the shade)\b|\b(?:left|forgot|forgotten) (?:him|her|them|the baby|my (?:\w+ ){0,3}?\w+|(?:my|the|our) (?:baby|son|daughter|kid|child|toddler|dog)) in (?:the|a|his|her|my) (?:hot )?car\b|\bhik(?:e|ing)\b[^.!?\n]{0,40}\b(?:hot|sun|summer)\b",
        "더위|폭염|땡볕|행군|마라톤|한여름|불볕|야외(?:작업|훈련|근무)|뙤약볕|무더|더운(?:날|데|곳|곳에서)|열사병|일사병|햇볕|온열|비닐하우스|사우나|찜통|공사장|밭일|차안에(?:갇|두고|있)|차에(?:두고|놔두|갇|혼자)|(?:여름|더운날|땡볕)[^.]{0,20}?(?:등산|산행|답사|걷|일|운동|축구)|(?:등산|산행|답사|밭|들일)[^.]{0,20}?(?:여름|더위|땡볕|햇볕)",
    ),
    neg(
        "no_sweat",
        r"\b(?:stopped|stop|not|isn'?t|is not|no longer|quit|hasn'?t been) sweat\w*|\bskin (?:is |feels |went |got |was |has gone )?(?:(?:very|bone|really) )?(?:hot and dry|dry and hot|dry)\b|\bhot,? dry skin\b|\bsweat(?:ing)? (?:has |had |just )?(?:stopped|dried up)\b",
        "땀(?:이|을)?(?:뚝|딱|싹|갑자기|전혀)?(?:안|멈|그쳤|그치|그친|나지않|더이상|하나도안|전혀안|이안|도안|말랐|마르)|땀이안|피부가(?:뜨겁고|바싹|바짝|쩍쩍)?(?:건조|말라|마르|말랐)",
    ),
    c(
        "cold_exposure",
        r"\bhypotherm\w*|\b(?:outside|out) (?:all night|overnight|in the (?:cold|snow))|\bfreezing\b|\bicy (?:water|lake|river)|\bcold water\b|\bin (?:the )?snow\b|\bstopped shivering\b|\bshivering (?:has |had |just )?stopped\b|\b(?:it'?s|its|was|is|about|around|at|of|temp\w*) (?:-|minus |negative )\d+\b|\bminus \d+\b|\bbelow (?:freezing|zero)\b|\bsub-?zero\b|\bfell through the ice\b|\bicy cold\b|\bcold to (?:the )?touch\b|\b(?:house|flat|room|home) (?:is |was )?(?:freezing|ice cold)\b",
        "저체온|추운(?:데|곳|밖|날)|얼음장|몸이(?:차갑|차가워|얼음|꽁꽁)|밖에서(?:밤새|밤을|쓰러져|자)|얼음물|눈속|한파|동사|꽁꽁|차가운물",
    ),
    c(
        "drowning",
        r"\bdrown\w*|\b(?:pulled|dragged|fished|rescued|got|lifted) (?:him|her|them|(?:my|our|the) (?:\w+ ){0,3}?\w+)? ?(?:out of|from) (?:the )?(?:water|pool|sea|ocean|lake|river|bath|tub|pond)|\b(?:was|went|been) under ?water\b|\bwent under\b|\b(?:was|were|been) under (?:the water )?(?:for|about|maybe)\b|\b(?:hauled|dragged|pulled) (?:him|her|them) out\b[^.!?\n]{0,30}?\b(?:water|pool|sea|lake|river|jetty|boat)\b|\b(?:coughing|vomiting|swallowed|threw up|brought up|spewing) (?:up )?(?:sea|pool|lake|river|bath) ?water\b|\bfound (?:him|her|them) (?:floating|in the (?:pool|bath|tub|water)|face ?down)|\binhaled (?:pool |sea |)water\b",
        "물에빠|익사|물속에|(?:수영장|바다|계곡|강|욕조|목욕통|호수)(?:에서|에).{0,8}?(?:건져|꺼냈|빠졌|빠져|가라앉)|물을많이먹|물에서건져|물을(?:엄청|많이)?삼켰",
    ),
    c(
        "electric",
        r"\belectr(?:ocut\w*|ic(?:al)? shock\w*)|\bshocked (?:by|from)\b|\b(?:got|had) (?:a |an )?(?:bad |big |strong )?(?:electric |electrical )?shock (?:from|off)\b|\blive wire\b|\b(?:touched|grabbed|hit by|hit|struck by|contact with) (?:a |the |an )?(?:bare |live |overhead |power |high[- ]voltage )?(?:wire|outlet|socket|line|cable)|\bzapped\b|\bstruck by lightning\b|\b(?:i|he|she|we|they|my \w+|his \w+|her \w+) (?:was|were|got|has been|have been|just got) hit by lightning\b|\blightning (?:strike|struck|hit) (?:him|her|me|them|us)\b|\b(?:got|had|took|get|gets|taken) (?:a |an )?(?:\w+ )?shock\b|(?:^|[\s(~])\d{3,5} ?v(?:olts?)?\b",
        "감전|전기에(?:감|찌릿|쏘|닿)|(?:전선|고압선|전깃줄)(?:을|에|이)?(?:만졌|잡|건드|닿)|콘센트에.{0,8}?(?:넣|찔|만|꽂)|벼락을맞|번개에맞",
    ),
    // High voltage: a substation, an overhead line, a pylon, a railway's live rail (NHS: 999 whatever
    // the person says).
    c(
        "high_voltage",
        r"\bsubstation\b|\bpower ?lines?\b|\boverhead (?:lines?|cables?|wires?)\b|\bhigh[- ]voltage\b|\bpylons?\b|\bthird rail\b|\btransformer\b|(?:^|[\s(~])\d{4,6} ?v(?:olts?)?\b",
        "고압|변전소|송전탑|전신주|특고압|(?:\\d{4,6})(?:v|볼트)",
    ),
    c(
        "co_source",
        r"\b(?:gas |kerosene |paraffin |oil |space |propane )?heater\b|\bboiler\b|\bfurnace\b|\bgenerator\b|\bcharcoal\b|\bbrazier\b|\bbbq (?:inside|indoors)\b|\bwood ?stove\b|\bcarbon monoxide\b|\bco (?:alarm|detector)\b|\bgas leak\b|\bfumes\b|\bexhaust\b|\bsmelled gas\b|\bgas (?:fire|stove|heater)\b|\bfireplace\b|\b(?:car|engine|motor|van|generator|mower)\b[^.!?\n]{0,30}?\b(?:running|idling|left on)\b[^.!?\n]{0,40}?\bgarage\b|\bgarage\b[^.!?\n]{0,40}?\b(?:car|engine|motor|van|generator) (?:was |is |were )?(?:running|idling|on)\b|\b(?:log|wood|pellet) burner\b|\bstove\b",
        "난로|보일러|연탄|번개탄|숯|화로|가스(?:가|냄새|누출|중독|보일러|히터|난로)|히터|발전기|일산화탄소|배기가스|텐트안|숯불|차안에서시동|차고(?:안|에서)?.{0,12}?시동|시동(?:을)?(?:켜|걸어)(?:놓|둔|둔채).{0,12}?(?:차고|창고)",
    ),
    c(
        "immobility",
        r"\b(?:long|long-haul|\d+[- ]?(?:hour|hr)s?|overnight|international|transatlantic|transpacific) (?:flight|plane ride|plane|drive|car ride|bus ride|trip|journey)s?\b|\bflew (?:back|home|in)\b|\bflight (?:from|back|home)\b|\bjust (?:got off|landed)\b|\b(?:after|had|having|since) (?:an? |my |his |her |the )?(?:\w+ ){0,2}?(?:surgery|operation|op)\b|\bbed ?rest\b|\bin a (?:cast|boot)\b|\b(?:knee|hip|ankle|leg|back|spine|spinal|abdominal|bowel) (?:replacement|arthroscopy|surgery|op|operation|scope)\b|\bhad (?:her|his|my|a) (?:knee|hip)s? (?:replaced|done|operated on|scoped)\b|\barthroscop\w*|\bbedridden\b|\bimmobil\w*|\bon the pill\b|\bbirth control\b",
        "비행기|비행(?:을|후|하고|마치)|장거리(?:비행|운전|버스|여행)|장시간(?:비행|운전|앉아)|\\d+시간(?:비행|운전|동안앉)|수술(?:후|하고|받고|한지)|깁스|누워만|입원해서|피임약",
    ),
    c(
        "calf_swelling",
        r"\b(?:calf|calves|leg|ankle|thigh)\W+(?:\w+\W+){0,3}?(?:swollen|swell\w*|puffy|red|hot|warm|tender|hurts?|pain\w*|sore|tight|bigger)|\b(?:swollen|painful|red|sore|tight|tender|puffy) (?:left |right )?(?:calf|leg|calves)|\bdvt\b|\bblood clots?\b|\bone leg (?:is )?(?:bigger|fatter|swollen)",
        "종아리(?:가|가좀|쪽이|한쪽이)?.{0,8}?(?:부었|붓|부어|아[프파픈퍼팠]|땡기|당기|빨갛|뜨겁|단단|퉁퉁|딴딴|굵어|두꺼워|뻘겋|뻘개|벌겋|벌개|빨개|뜨끈|화끈)|다리(?:가|한쪽이|한쪽만|한쪽)?.{0,6}?(?:퉁퉁|부었|부어|붓)|혈전",
    ),
    // One leg, not both: a single swollen calf is a clot until shown otherwise; both ankles puffy
    // after a flight is fluid.
    c(
        "one_leg",
        r"\b(?:left|right|one) (?:calf|leg|lower leg|ankle|thigh)\b|\bone of (?:my|his|her) (?:legs|calves)\b|\b(?:calf|leg) on (?:the )?(?:left|right|one side)\b|\b(?:bigger|fatter|thicker|wider) than the other\b|\btwice the size\b|\bthat (?:calf|leg)\b|\b(?:calf|leg) on (?:that|the operated|the same) (?:side|leg)\b|\bon the (?:operated|same) (?:side|leg)\b",
        "(?:종아리|다리|발목)만|수술(?:한|안한|하지않은|했던)쪽(?:종아리|다리)|(?:종아리|다리)(?:가|이)?(?:반대쪽|다른쪽|왼쪽|오른쪽)(?:보다|에비해)|(?:왼쪽|오른쪽|한쪽|왼|오른)(?:종아리|다리|발목|허벅지)|(?:종아리|다리)(?:가|이)?한쪽(?:만)?|반대쪽(?:보다|다리보다|종아리보다)|(?:두배|2배)(?:로|나|는)",
    ),
    c("back_pain", r"\bback (?:pain|hurts?|ache|is killing)|\bbackache\b|\bbad back\b|\bback (?:flared|went|gave out|seized)\b|\bpain (?:in|into|to|through) (?:my |his |her |the )?(?:lower |upper |mid )?back\b|\b(?:lower|upper|mid) back\b|\bsciatica\b", "허리(?:가|를|쪽이|통증)?.{0,6}?(?:아[프파픈퍼팠]|통증|삐끗|끊어질)|요통|등(?:이|쪽이|까지|으로)?.{0,6}?(?:아[프파픈퍼팠]|통증|뚫|찢)|디스크"),
    c("chest_or_back", r"\bchest\b|\bback\b|\bbetween (?:my|his|her|the) shoulder", "가슴|흉부|등(?:이|에|쪽|까지|으로|뒤)|등짝"),
    c("tearing", r"\btearing\b|\bripping\b|\brip(?:ped)? (?:apart|open)|\blike (?:something|it) (?:is )?(?:tearing|ripping|torn)|\btorn\b", "찢어지|찢어질|찢기는|찢는|뜯기는|뜯어지|칼로베는"),
    // --- more KTAS level 1-2 complaints: stridor, neutropenic fever, fetal movements, bowel
    // obstruction, eye trauma, open fractures ---
    c(
        "stridor",
        r"\bstridor\b|\bhigh[- ]pitched (?:noise|sound|squeak\w*|whistl\w*|wheez\w*)|\bcrowing\b|\bnoisy breathing\b|\bsqueak\w* when (?:he|she|they) breathes?\b",
        "(?:숨|호흡)(?:을|이)?.{0,10}?(?:높은소리|끽끽|히익)|숨들이쉴때.{0,6}?(?:소리|쌕쌕|그르렁)",
    ),
    c(
        "at_rest",
        r"\beven (?:when |while )?(?:(?:he|she|they|i)(?:'s|'re|'m| is| are| am)? )?(?:sitting|lying|resting|asleep|sleeping|still|at rest|calm)\b|\bat rest\b|\bwhile (?:resting|sitting still|asleep)\b",
        "가만히있어도|쉬고있어도|쉴때도|잘때도|누워있어도|앉아있어도",
    ),
    c(
        "immunosuppressed",
        r"\bchemo\w*|\bneutropeni\w*|\bon (?:immunosuppress\w*|methotrexate|high[- ]dose steroids)|\bcancer treatment\b|\b(?:bone marrow|organ|kidney|liver) transplant\b",
        "항암|면역억제|호중구감소|골수이식|장기이식|신장이식|간이식",
    ),
    // Said of a baby still in the womb only when the mother is pregnant (the rule checks it).
    neg(
        "baby_quiet",
        r"\b(?:baby|bub|bump)\W+(?:\w+\W+){0,3}?(?:(?:really|very|so|unusually) )?(?:quiet|still|not mov\w*|hasn'?t (?:\w+ )?moved|has not (?:\w+ )?moved|didn'?t move|stopped moving|no movements?|not kick\w*|stopped kicking)\b|\b(?:haven'?t|hasn'?t|not|didn'?t|can'?t) (?:\w+ ){0,2}?(?:felt|feel|feeling) (?:\w+ ){0,2}?(?:kick\w*|mov\w*)",
        "(?:아기|애기|아가|태아|뱃속아기|배속아기|애)(?:가|도|는)?.{0,10}?(?:안움직|잘안움직|움직이지않|움직이질않|움직임이(?:없|줄|적|뜸|약)|조용|안놀|잘안놀|놀지않|놀질않)|(?:차던|놀던|움직이던|발차기하던)[^.]{0,14}?(?:안움직|안놀|조용|안차|차지않)|움직임(?:이)?(?:확|많이)?(?:줄|없어|뜸)",
    ),
    // Pain under the ribs (right upper belly) in pregnancy is a pre-eclampsia sign (NICE NG133).
    c(
        "ruq_pain",
        r"\b(?:pain|ache|hurts?|hurting|sore)\W+(?:\w+\W+){0,4}?(?:under|below|beneath) (?:my|her|the) (?:right )?(?:ribs?|rib ?cage)\b|\bupper right (?:belly|stomach|tummy|abdomen|side)\b|\bright upper (?:belly|stomach|tummy|abdomen)\b",
        "(?:갈비뼈|늑골|오른쪽갈비)(?:아래|밑)(?:가|이|쪽이)?.{0,6}?(?:아[프파픈퍼팠]|통증|쑤시|찌르)|(?:오른쪽윗배|우상복부|명치)(?:가|이|쪽이)?.{0,6}?(?:아[프파픈퍼팠]|통증|쑤시|찌르)",
    ),
    neg(
        "no_fetal_movement",
        r"\b(?:baby|bub|bump)\W+(?:\w+\W+){0,3}?(?:stopped|not|isn'?t|hasn'?t been|hasn'?t|no longer|barely|hardly|has barely|has hardly) (?:moving|kicking|moved|kicked)|\b(?:no|reduced|fewer|less|decreased) (?:fetal |foetal |baby )?(?:movements?|kicks?)\b|\bhaven'?t felt (?:the )?(?:baby|him|her|any) (?:move|moving|kick\w*)",
        "태동(?:이|을|도|은)?.{0,6}?(?:없|안느|줄|못느|멈|약해|안느껴|거의)",
    ),
    neg(
        "bowel_blocked",
        r"\b(?:haven'?t|hasn'?t|not|can'?t|cant|unable to) (?:\w+ ){0,4}?(?:passed (?:any )?(?:wind|gas)|pass(?:ing)? (?:any )?(?:wind|gas)|farted|fart)\b|\bno (?:wind|gas|farts?)\b|\bno (?:poo|poop|stools?|bowel movements?) or (?:wind|gas|farts?)\b|\b(?:vomit\w*|throw\w* up|threw up|sick|puk\w*)\W+(?:\w+\W+){0,7}?(?:green|bile|bilious|poo|faecal|fecal)\b|\b(?:green|bilious|bile) (?:vomit|sick|stuff)\w*",
        "방귀(?:도|가|를)?(?:안|못|나오지않|안나)|방귀(?:도|가|를)?.{0,6}?(?:안나|못뀌|안뀌|나오지않|나오질않)|(?:초록색|녹색|담즙)(?:을|이)?(?:토|구토|물을토)|(?:초록|녹색|담즙)(?:색)?.{0,10}?(?:토|게워|게웠)|초록(?:색)?토",
    ),
    c(
        "bloated",
        r"\b(?:belly|stomach|tummy|abdomen|bladder)\W+(?:\w+\W+){0,3}?(?:swollen|bloated|distended|huge|tight|swelling|bulg\w*)\b|\bswollen (?:belly|stomach|tummy|abdomen)\b",
        "배(?:가|는)?.{0,4}?(?:빵빵|부풀|부어|부었|팽팽|불룩)",
    ),
    c(
        "eye_trauma",
        r"\b(?:hit|struck|poked|punched|smacked|whacked|jabbed|elbowed|caught)\W+(?:\w+\W+){0,5}?(?:in|on) (?:the|my|his|her|their) eyes?\b|\beye (?:injury|trauma)\b|\b(?:metal|glass|splinter|shard|fishhook|stick)\W+(?:\w+\W+){0,3}?(?:in|into) (?:the|my|his|her) eye",
        "눈(?:을|에|이|쪽을)?.{0,6}?(?:맞았|맞고|맞아서|찔렸|찔리|찔려|부딪|다쳤|다치|박혔|튀었|튀어|튄)",
    ),
    // A penetrating eye injury: a fragment at speed (hammering, grinding), a hole, a misshapen pupil.
    c(
        "eye_penetrating",
        r"\b(?:hammering|grinding|drilling|chiselling|chiseling|chipping|cutting)\b[^.!?\n]{0,40}?\b(?:flew|went|shot|got|hit)\b[^.!?\n]{0,12}?\b(?:in|into) (?:my|his|her|the) eye|\bteardrop[- ]shaped pupil\b|\bpear[- ]shaped pupil\b|\bhole in (?:the|my|his|her) eye\b|\b(?:pupil|iris)\W+(?:\w+\W+){0,3}?(?:misshapen|irregular|not round|odd shape\w*|teardrop|oval|pointed|weird shape\w*|funny shape\w*|out of shape)|\b(?:metal|steel|iron) (?:fragment|shard|chip|sliver|splinter|piece|bit)\b[^.!?\n]{0,30}?\beye\b|\b(?:stuck|sticking out) (?:in|of) (?:my|his|her|the) eye\b",
        "눈(?:에|알에|알이)?.{0,6}?(?:박혔|박힌|꽂혔|꽂힌|구멍)|동공(?:이|모양이)?.{0,6}?(?:찌그러|물방울|눈물방울|모양이이상)|(?:눈동자|검은자|검은눈동자|동공)(?:가|이|모양이)?.{0,10}?(?:찌그러|일그러|동그랗지(?:가)?않|모양이이상|물방울|눈물방울|길쭉)|(?:망치|그라인더|드릴|정질|끌|용접|쇠|금속)(?:로|질|을|를)?.{0,20}?(?:튀어|튀었|튄|날아).{0,10}?눈(?:에|으로|을)|(?:쇠|금속|유리|파편)(?:조각|가루|파편)?(?:이|가)?눈(?:에|으로|을)",
    ),
    c(
        "open_fracture",
        r"\bbones?\W+(?:\w+\W+){0,3}?(?:sticking|poking|coming|showing|through the skin|out of)|\b(?:compound|open) fracture\b|\b(?:arm|leg|finger|wrist|ankle|elbow|knee)\W+(?:\w+\W+){0,3}?(?:bent the wrong way|at a (?:weird|strange|funny) angle|backwards)|\b(?:hip|leg|arm|ankle|wrist|knee|shoulder)(?:\'s)?\W+(?:\w+\W+){0,3}?(?:all twisted|badly twisted|twisted (?:round|around|out)|deformed|out of place|turned out)|\bamputat\w*|\b(?:finger|toe|hand|thumb)\W+(?:\w+\W+){0,2}?(?:cut off|severed|came off|hanging off)|\b(?:fingers?|toes?|thumbs?|fingertips?)\W+(?:\w+\W+){0,3}?(?:is|are|was|were|came|come|clean|right|completely|cut|sliced|chopped|ripped|torn) off\b|\b(?:sliced|chopped|severed) (?:\w+ ){0,6}?off\b|\bbent (?:a |the )?(?:weird|wrong|funny|strange|odd) (?:way|angle|direction)\b|\b(?:took|taken|takes|cut|sliced|chopped|lopped|ripped|tore|torn|sheared|shaved) (?:the |a )?(?:tip|end|top|chunk|piece) (?:of )?(?:my|his|her|their|the) (?:\w+ )?(?:finger|thumb|toe)s? (?:clean |right |straight )?off\b|\b(?:took|taken|cut|sliced|chopped|lopped|sheared) (?:the |a )?(?:tip|end|top|chunk) off (?:my|his|her|their|the) (?:\w+ )?(?:finger|thumb|toe)s?\b",
        "뼈(?:가|이)?.{0,6}?(?:튀어나|보여|삐져나|뚫고|밖으로)|개방성골절|(?:손가락|발가락|검지|엄지|중지|약지|새끼손가락|끝마디|손가락끝|팔|다리|손|고관절|엉덩이|발목|손목|무릎|어깨)(?:이|가)?.{0,8}?(?:절단|잘렸|잘려|떨어져나|반대로꺾|이상하게꺾)|이상한방향으로(?:꺾|휘|돌아)|(?:손가락|손끝|손가락끝|발가락|엄지|검지)(?:이|가|을|를)?.{0,6}?(?:날아갔|날아가|날라갔|떨어져나갔|잘려나갔)",
    ),
    c(
        "prepared",
        r"\bready\b|\bprepared\b|\bset up\b|\bbought\b|\bgot (?:the|a|some)\b|\bhidden\b|\bstashed\b|\bi (?:have|'ve got|got) (?:the|a|my|about|like|\d+)\b|\bhave (?:about |like )?\d+ (?:now|saved|of them)\b|\bsorted\b",
        "준비(?:해|했|돼|되|해뒀|해놨|해두)|사놨|사뒀|사왔|샀어|구했|마련|숨겨|실어놨|실어뒀|챙겨놨|챙겨뒀|갖다놨|넣어놨|넣어뒀|넣어두었|실어놓|사다놨|사다뒀|사다놓",
    ),
    neg(
        "saddle_numb",
        r"\bnumb\w*\W+(?:\w+\W+){0,4}?(?:groin|bum|butt|buttocks|saddle|genitals?|between (?:my|his|her|the) legs|privates?|inner thighs?)|\b(?:groin|bum|butt|buttocks|saddle|genitals?|privates?)\W+(?:\w+\W+){0,3}?(?:numb|no feeling|tingl\w*)|\bcan'?t feel (?:my|his|her) (?:bum|butt|groin|privates)|\bno feeling (?:\w+ ){0,2}?(?:between|in|around) (?:my|his|her|the) (?:legs|groin|bum|butt|privates)\b",
        "(?:사타구니|엉덩이|항문|회음부|생식기|성기|허벅지안쪽)(?:가|이|쪽|주변|주위|쪽이)?.{0,8}?(?:감각이없|감각이둔|감각이이상|마비|저리|저려|무감각|먹먹)",
    ),
    neg(
        "bladder_loss",
        r"\bcan'?t (?:pee|urinate|wee|go to the toilet)|\bcant (?:pee|urinate)\b|\bhaven'?t (?:peed|urinated|been able to pee)|\bhasn'?t (?:peed|urinated|had a wee)|\bnot (?:peed|peeing|urinated|urinating)\b|\bwet (?:my|him|her)self\b|\blost control of (?:my|his|her) (?:bladder|bowels?)|\bincontinen\w*|\bno urine\b|\bpeed (?:myself|himself|herself)\b",
        "소변(?:을|이)?(?:못|안나|안봐|안보|안나와|지렸|새|참을수없|나오지않|조절)|소변을(?:하루종일|반나절|종일)?(?:안|못)|대소변(?:을)?(?:못가|실수|지렸|조절)|오줌(?:을|이)?(?:못|안나|지렸|쌌|조절)",
    ),
    neg(
        "both_legs_weak",
        r"\bboth (?:of )?(?:my |his |her |the )?legs\W+(?:\w+\W+){0,3}?(?:weak|numb|tingl\w*|heavy|giving way|won'?t|are going)|\blegs? (?:are |keep )?giving (?:way|out)\b|\bcan'?t (?:really |even )?(?:move|feel|lift) (?:my |his |her |their |both |either |the )?legs\b|\bcan'?t (?:walk|stand)\b",
        "(?:양쪽다리|양다리|두다리|다리가둘다|다리둘다|다리양쪽)(?:가|에|이)?.{0,8}?(?:힘이|마비|저리|저려|감각|안움직|못움직)|다리(?:에|가)?(?:힘이(?:안|없|빠|풀)|감각이없|마비)|걷지를못|못걷|일어서지(?:를)?못|서있(?:질|지를|지|을수가|을수)?(?:못|없)",
    ),
    neg(
        "repeating",
        r"\bkeeps? (?:asking|repeating|saying) (?:the same|what|where|why|how)|\brepeat\w* (?:\w+ ){0,2}(?:questions?|himself|herself|the same|things)|\bsame (?:questions?|thing) (?:over and over|again and again|again)|\b(?:doesn'?t|does not|can'?t|cannot) remember (?:what happened|the fall|hitting|falling|anything)|\bmemory loss\b|\bforgot what happened\b",
        "같은(?:말|질문|얘기|소리|걸|것)(?:을|만|를)?.{0,6}?(?:반복|계속|또|자꾸)|(?:기억을|기억이|기억)(?:못|안나|없|잃)|했던(?:말|질문)(?:을)?(?:또|자꾸|계속)|방금한(?:말|얘기)(?:을|를)?(?:또|다시)",
    ),
    c(
        "unequal_pupils",
        r"\bpupils?\W+(?:\w+\W+){0,5}?(?:different|unequal|bigger|larger|smaller|uneven|not the same|dilated)|\bone (?:pupil|eye) (?:is |looks )?(?:bigger|larger|smaller|dilated|blown)|\b(?:unequal|uneven|different[- ]sized?|different size) pupils\b",
        "동공(?:이|크기가|한쪽이|크기)?.{0,8}?(?:다르|달라|크|커|작|짝짝이|풀렸|풀려)|눈동자(?:크기)?(?:가|이)?.{0,8}?(?:다르|달라|짝짝이|한쪽만|크기가)|한쪽(?:눈)?(?:의)?(?:눈동자|동공)(?:이|가|만)?.{0,12}?(?:더)?(?:커|크|작)",
    ),
    c(
        "rlq_pain",
        r"\b(?:lower right|right lower|bottom right|right side of (?:my|his|her|the) (?:belly|stomach|tummy|abdomen)|right (?:belly|stomach|tummy|abdom\w*|groin))\b|\bappendi\w*|\bmoved (?:down )?to the (?:lower )?right\b|\bbelly ?button\b[^.!?\n]*?\bright\b",
        "오른쪽(?:아랫배|아래배|하복부|배|아래|아래쪽|옆구리)|우측(?:아랫배|하복부|아래)|우하복부|(?:아랫배|하복부)(?:의|가|는)?오른쪽|배(?:의|가|는)?오른쪽아래|맹장|충수|오른쪽으로(?:내려|옮겨)",
    ),
    c(
        "rigid_abdomen",
        r"\b(?:belly|stomach|tummy|abdomen)\W+(?:\w+\W+){0,3}?(?:rigid|hard as|like a board|rock hard|hard and|is hard|swollen and hard|tight as)|\brigid\b|\bguarding\b|\bhurts? (?:to|when (?:i|he|she|you)) (?:move|walk|cough|jump|stand up straight|go over bumps|breathe in)|\bcan'?t (?:stand|walk) (?:up )?straight\b|\bdoubled over\b|\bcurled up in a ball\b|\bevery bump\b|\bwhen (?:i|you|he|she|they) (?:let go|release)\b|\brebound\b|\b(?:hard|rigid|rock[- ]hard|board[- ]like|tense) (?:belly|stomach|tummy|abdomen)\b|\b(?:uterus|womb|bump)\W+(?:\w+\W+){0,3}?(?:like (?:wood|a board|a rock|stone)|rock hard|hard as)",
        "배(?:가|는|가너무|전체가)?.{0,8}?(?:딱딱|단단|돌처럼|판자|나무판|돌덩이|빵빵하고딱)|(?:딱딱|단단)한(?:배|복부|아랫배)|(?:허리|몸)(?:를)?(?:구부정|구부리고|숙이고)(?:하게)?(?:걷|걸어)|(?:걸을때|움직일때|기침할때|뛸때|차가흔들릴때|방지턱)(?:마다)?.{0,8}?(?:울려|울리|아[프파픈퍼팠]|배가|찌르)|허리를(?:못|펴지못|못펴|못피)|(?:눌렀다|누르다)(?:가)?.{0,4}?(?:뗄때|떼면|놓을때|뗄때마다)|배를(?:움켜|잡고)|웅크리고",
    ),
    c(
        "pelvic_one_side",
        r"\b(?:one[- ]sided|left|right|one side)\W+(?:\w+\W+){0,3}?(?:pelvic|pelvis|lower (?:belly|abdomen|stomach|tummy)|ovary|groin|side)\b|\b(?:pelvic|pelvis|ovary|lower (?:belly|abdomen|stomach|tummy))\W+(?:\w+\W+){0,4}?(?:on (?:the|my|one|her) (?:left|right|side)|one side)|\b(?:pain|ache|cramp\w*|stabb\w*)\W+(?:\w+\W+){0,3}?low (?:down )?(?:on|in) (?:the|my|her|one) (?:left|right|side)\b",
        "(?:왼쪽|오른쪽|한쪽)(?:아랫배|아래배|하복부|골반|배|난소|옆구리|사타구니|아래)",
    ),
    // What makes one-sided pelvic pain a twisted ovary (NHS: ovarian torsion): a twisting pain or a
    // known ovarian cyst.
    c(
        "torsion_feature",
        r"\btwist\w*|\bovarian (?:cyst|mass|tumou?r)s?\b|\bcysts? on (?:my|her|the) ovar\w*",
        "비틀|꼬이|꼬인|꼬여|뒤틀|난소(?:에|의)?.{0,4}?(?:혹|낭종|물혹|종양)",
    ),
    // Words that put a count of weeks in a pregnancy ("36 weeks, booking a bump photo shoot").
    c(
        "pregnancy_word",
        r"^(?:2\d|3\d|4[0-2]) ?(?:weeks?|wks?)(?: (?:and|with|now)|,)|\bpregnan\w*|\bbump\b|\bmidwife\b|\bdue date\b|\bexpecting\b|\bmaternity\b|\b(?:ante|pre)natal\b|\bob ?gyn\b|\bbaby shower\b",
        "임신|임산부|만삭|막달|태아|뱃속|배속|예정일|산부인과|태동|조리원|태교|^(?:2[0-9]|3[0-9]|4[0-2])주(?:인데|예요|에요|이에요|차|째)",
    ),
    c("shoulder", r"\bshoulders?\b", "어깨"),
    c(
        "positive_test",
        r"\bpositive (?:pregnancy |preg |home )?test|\b(?:got|get|getting|had|have) (?:a |my )?(?:faint |first |big fat |very faint )?(?:positive|bfp)\b|\bbfp\b|\b(?:pregnancy|preg|home) test\W+(?:\w+\W+){0,3}?positive|\btwo (?:pink |faint )?lines\b|\bmissed (?:my |her )?period\b|\bperiod (?:is|was|'s) (?:\w+ ){0,2}late\b|\blate period\b|\b(?:\d+|few|couple of) weeks pregnant\b|(?:^|\bi'?m |\bim |\bi am |\bat |\bshe'?s |\bcurrently )(?:[12]\d|3\d|4[0-2]) ?(?:weeks?|wks?)\b(?: pregnant| along| now)?[.,!]?(?: |$)",
        "임신테스트|임테기|테스트기|두줄|양성(?:이|나왔|반응)|생리(?:가|를)?.{0,4}?(?:안하|늦|건너|안나|거르|안해|끊긴)|임신(?:했|중|\\d+주|초기|확인)",
    ),
    c(
        "gave_birth",
        r"\bgave birth\b|\bgiving birth\b|\b(?:give|given) birth (?:\d+|a|one|two|three|four|five|six|few) (?:days?|weeks?) ago\b|\bdelivered\b|\bdelivery\b|\bpost-?partum\b|\bc-?section\b|\bcaesarean\b|\bnew mom\b|\bhad (?:my|the|a|our|her) (?:\w+ )?(?:baby|son|daughter|boy|girl)\b|\b(?:baby|son|daughter) (?:was )?born (?:\d+|a|one|two|three|four|five|six|few) (?:days?|weeks?) ago\b|\bafter (?:birth|the birth|the baby|having the baby)\b|\bsince (?:giving birth|the birth|delivery|i had the baby)\b|\blochia\b",
        "출산|분만|낳은지|낳고|낳았|산후|산욕|오로|제왕절개|조리원|조리중|몸조리|아기낳|애낳",
    ),
    neg(
        "pad_soaking",
        r"\bsoak\w*\W+(?:\w+\W+){0,4}?(?:pads?|towels?|sheets?|bed|through|maxi)|\b(?:pads?|maxi pads?) (?:every|an|each|in an?|in (?:less than|under) an?) (?:hour|\d+ min\w*)|\bclots?\W+(?:\w+\W+){0,5}?(?:golf ball|egg|fist|plum|lemon|big|large|huge|size)|\b(?:big|large|huge|massive) clots\b|\bgushing\b|\bchang\w* (?:\w+ ){0,2}?pads? (?:\w+ ){0,2}?(?:every|each) (?:one |1 |an |half an? )?hour\b",
        "패드(?:가|를|도)?.{0,12}?(?:흠뻑|다젖|젖어|젖었|갈아|바꿔|넘쳐|새)|(?:패드|생리대)(?:가|를|도)?(?:한시간|1시간|30분|삼십분)(?:마다|에)(?:하나|한개|한장)?씩?(?:갈|바꿔|바꾸)|(?:한시간|1시간|30분|삼십분)(?:마다|에한번|만에|도안돼|도안되).{0,10}?(?:패드|생리대|젖|갈)|(?:피|핏)덩어리(?:가)?.{0,8}?(?:크|주먹|달걀|계란|많이|엄청|뭉텅)|(?:주먹|달걀|계란|탁구공|골프공)만한(?:핏|피)?덩어리|피가(?:왈칵|콸콸|쏟아)",
    ),
    c("diabetic", r"\bdiabet\w*|\binsulin\b|\bmetformin\b|\btype ?(?:1|2|one|two)\b|\bt1d\b|\bhypo\b|\bhypoglyc\w*|\bglucose\b|\bblood sugar\b|\bsugars?\b", "당뇨|인슐린|저혈당|혈당|당이"),
    c(
        "low_sugar",
        r"\bhypo\b|\bhypoglyc\w*|\b(?:sugar|glucose|bg|levels?)\W+(?:\w+\W+){0,3}?(?:low|dropp\w*|crash\w*|tanking|bottomed)|\blow (?:blood )?sugar\b|\bmeter\W+(?:\w+\W+){0,3}?(?:lo|low)\b",
        "저혈당|혈당(?:이)?.{0,6}?(?:낮|떨어|뚝|바닥|로우|lo)|당(?:이)?떨어",
    ),
    c(
        "high_sugar",
        r"\b(?:sugar|glucose|bg|levels?)\W+(?:\w+\W+){0,3}?(?:high|hi|through the roof|off the chart|sky ?high|won'?t come down)|\bhigh (?:blood )?sugar\b|\bhyperglyc\w*|\bmeter\W+(?:\w+\W+){0,3}?hi\b|\bketones\b|\bketone (?:levels?|readings?|strips?|meters?|tests?|of)\b|\b(?:blood|urine|high|positive|large|moderate|trace) ketone\b|\bdka\b|\bketoacidosis\b",
        "고혈당|혈당(?:이)?.{0,6}?(?:높|치솟|안떨어|하이|hi|측정불가|폭등)|케톤|당뇨(?:성)?케톤",
    ),
    neg(
        "combative",
        r"\bcombative\b|\baggressive\b|\bagitated\b|\bbelligerent\b|\bacting (?:drunk|strange\w*|weird|odd|crazy|funny)|\bnot (?:himself|herself|making sense)\b|\bincoheren\w*|\bfighting (?:us|me|the|off)\b|\bpushing (?:us|me) away\b",
        "공격적|난폭|화를(?:내|막|버럭)|술취한|이상한행동|헛소리|횡설수설|사람을못알아|못알아봐|발버둥|소리를지르",
    ),
    c("ketotic", r"\bfruity\b|\b(?:smell\w*|breath|stinks?|reeks?)\W+(?:\w+\W+){0,3}?(?:acetone|nail polish|pear ?drops)\b|\b(?:acetone|nail polish)(?: remover)? (?:breath|smell)|\bdeep (?:sighing )?breath\w*|\bbreathing (?:\w+ ){0,2}?(?:fast|deep|heavily)\b|\bkussmaul\b|\b(?:very|really|so|extremely) thirsty\b|\b(?:peeing|weeing|urinating) (?:a lot|loads|all the time|constantly)\b|\bpear ?drops?\b|\bbreath smells? (?:sweet|fruity|like)\b|\bbreathing (?:is )?(?:fast and deep|deep and fast|deep and rapid)\b", "과일냄새|아세톤(?:냄새|같은)|냄새.{0,6}?아세톤|숨을(?:깊게|몰아)|갈증이심|물을(?:엄청|계속|많이)|소변을(?:자주|엄청|많이)|입냄새(?:가)?(?:달|과일|시큼)"),
    c("mottled", r"\bmottled\b|\bblotchy\b|\bmarbled\b|\bskin (?:looks |is |went |turned )?(?:blotchy|mottled|grey|gray|ashen|blue)", "얼룩덜룩|피부(?:가|색이)?.{0,4}?(?:얼룩|대리석|푸르|잿빛|회색)"),
    c(
        "infection",
        r"\binfect(?:ed|ion|ions|ious|ing|s)?\b|\buti\b|\bkidney infection\b|\bpneumonia\b|\bcellulitis\b|\bpus\b|\bchemo(?:therapy)?\b|\bwound (?:is |looks )?(?:red|hot|oozing)|\bcatheter\b",
        "감염|요로감염|신우신염|폐렴|봉와직염|고름|항암|곪",
    ),
    // NICE NG51 high risk: a systolic pressure of 90 or less, said in words.
    c(
        "low_pressure",
        r"\b(?:blood pressure|bp)\W+(?:\w+\W+){0,3}?(?:low|dropp\w*|crash\w*|tank\w*|plummet\w*)\b|\blow blood pressure\b|\bhypotensi\w*",
        "혈압(?:이|도)?.{0,4}?(?:낮|떨어|뚝|바닥)|저혈압",
    ),
    c(
        "fast_breathing",
        r"\bbreathing (?:really |very |so )?(?:fast|quick\w*|rapid\w*|hard)|\brapid breath\w*|\bpanting\b|\bbreath(?:e|es|ing) (?:really |very |so )?(?:fast|quick\w*|rapid\w*)\b|\bbreaths? (?:a|per) minute\b",
        "숨을(?:빨리|가쁘게|헐떡|몰아|빠르게)|호흡이(?:빠르|가빠|빨라)|숨이(?:빨라|가빠)|숨(?:을|이)?(?:쉬는게|쉬는것이|쉬는속도가)(?:너무|엄청|많이|좀|계속)?(?:빨라|빠르|가빠|가쁘)",
    ),
    c(
        "very_unwell",
        r"\b(?:feel\w*|feels|felt) like (?:i'?m|i am|he'?s|she'?s|they'?re) (?:going to|gonna|about to) die\b|\bnever felt (?:this|so) (?:ill|sick|bad)\b|\bsomething (?:\w+ )?(?:really|very|seriously|badly|terribly) wrong\b|\b(?:totally|completely) wiped out\b|\bcan'?t even (?:walk|stand|get up)\b|\bgoing downhill fast\b|\blooks? (?:awful|terrible|dreadful|like death|really (?:bad|ill|unwell))\b",
        "죽을것같|이렇게아픈적|뭔가크게잘못|뭔가잘못된것|급격히나빠|상태가급|안색이(?:너무|많이)?(?:안좋|나빠|새파|잿빛)",
    ),
    c("shivering", r"\bshiver\w*|\brigors?\b|\bshaking (?:with|from) (?:chills|cold)|\bchills\b|\bteeth chattering\b", "오한|덜덜|으슬|이가딱딱"),
    neg(
        "dehydrated",
        r"\bno wet (?:nappies|nappy|diapers?)\b|\b(?:only|just) (?:had |been )?(?:one|1|two|2) wet (?:nappies|nappy|diapers?)\b|\b(?:nappy|nappies|diapers?) (?:has been |have been |is |are |been )?(?:dry|bone dry)\b|\bhasn'?t (?:had a )?(?:wet|peed|pee)\w*|\bno tears\b|\bsunken\b|\bdry (?:mouth|lips|nappy)\b|\bskin (?:\w+ ){0,2}?(?:stays|staying|stayed) (?:up|tented|pinched)\b|\btenting\b|\b(?:tongue|mouth|lips) (?:is |are |looks? |feels? )?(?:\w+ )?(?:dry|parched|cracked)\b|\b(?:barely|hardly|not) (?:drinking|keeping (?:anything|fluids|water) down)\b|\bcan'?t keep (?:anything|fluids|water|liquids) down\b|\bwon'?t (?:drink|feed|take (?:the )?(?:bottle|breast))\b|\brefus\w* (?:to drink|feeds?|the bottle|fluids)",
        "기저귀(?:가)?.{0,8}?(?:안젖|말라|뽀송|젖지않|젖은게없|한번도안|계속마른)|소변(?:을|이|도)?.{0,8}?(?:안보|안누|못보|안나|없)|눈물(?:이|도)?(?:안|없|나지않)|숫구멍|대천문|천문(?:이)?(?:들어|꺼)|입술(?:이)?(?:다)?(?:바싹|말라|갈라|터)|(?:입안|혀)(?:이|가)?(?:바싹|말라|쩍쩍|갈라)|꼬집(?:은|으면|어도|었더니|어보면)?.{0,6}?(?:안돌아|그대로|늦게돌아|천천히돌아)|(?:쉬|쉬야)(?:를|도)?.{0,6}?(?:안|못)(?:해|했|하|누|눴|싸|쌌)|물(?:도|을|조차)?(?:거의|잘)?(?:못마시|안마시|못드시|안드시|못넘기)|물(?:을|도|조차)?(?:한모금|한방울|며칠|하루종일|거의)(?:도)?(?:못|안)(?:마시|마셔|마셨|드시|드셔|드셨|넘기|먹)",
    ),
    // NICE NG143 red features of a baby or young child, whatever the temperature: floppy or not
    // responding to a parent's face or voice, a weak, high-pitched cry, a bulging soft spot.
    c(
        "floppy",
        r"\bfloppy\b|\blimp\b|\blike a rag ?doll\b|\bcan'?t hold (?:his|her) head up\b|\b(?:hard|difficult|impossible) to (?:wake|rouse)\b|\bwon'?t stay awake\b|\b(?:barely|hardly) (?:wakes?|waking|awake)\b",
        "축(?:늘어|처지|처져|쳐지|쳐져|처졌|쳐졌)|흐물흐물|흐느적|힘없이(?:축|늘어|처지|처져)|늘어져(?:서|있|요)|(?:몸|팔다리|팔|다리)(?:이|가|에)?(?:축|힘없이|힘이없이)?(?:늘어지|늘어져|처지|처져|쳐져)|깨워도(?:잘)?(?:안|못)(?:깨|일어)",
    ),
    // Not responding to a parent's face, voice or touch (its forms are negations themselves).
    neg(
        "no_response",
        r"\b(?:not|isn'?t|wasn'?t|won'?t|doesn'?t|didn'?t) (?:respond\w*|react\w*) to (?:me|us|anything|his name|her name|my voice|touch)\b|\b(?:won'?t|doesn'?t|isn'?t|not) (?:look\w* at|mak\w* eye contact with|follow\w*) (?:me|us|anyone|faces)\b|\bno eye contact\b",
        "눈(?:을|도)?(?:잘|전혀)?(?:안|못)마주|눈맞춤(?:을|이)?(?:안|못|없)|불러도.{0,6}?(?:없|안|않|못)",
    ),
    c(
        "high_pitched_cry",
        r"\bhigh[- ]?pitched\W+(?:\w+\W+){0,3}?(?:cry\w*|cries|scream\w*|wail\w*|moan\w*|shriek\w*|squeal\w*)|\b(?:shrill|piercing|weird|strange|odd|unusual|abnormal)\W+(?:\w+\W+){0,2}?(?:cry|crying|cries|scream\w*|wail\w*)|\b(?:weak|feeble|whimpering) (?:cry|crying|cries)\b|\bcry\w* (?:\w+ ){0,3}?(?:different|not (?:like )?(?:his|her) (?:normal|usual))\b|\bmoaning (?:cry|noise|sound)\b",
        "(?:높은|고음|날카로운|찢어지는|새된|이상한)(?:소리|목소리|울음)?(?:로|으로)?.{0,8}?(?:울어|울고|울음|울며|우는|울었|자지러)|고음으로|자지러지게|(?:울음|우는)소리(?:가|도)?(?:힘이없|힘없|약하|약해|작|가냘|기운없|이상|평소랑다|평소와다)|(?:평소랑|평소와)다른(?:울음|소리)",
    ),
    c(
        "bulging_fontanelle",
        r"\b(?:soft spot|fontanel+e?s?)\W+(?:\w+\W+){0,6}?(?:bulg\w*|raised|tense|swollen|puff\w*|sticking (?:out|up)|pushing (?:out|up)|domed|bump\w*|pokes? out|popping (?:out|up))|\bbulging (?:soft spot|fontanel+e?)\b",
        "(?:정수리|숫구멍|대천문|천문|머리)(?:의)?(?:말랑한(?:데|곳|부분|곳이|부분이))?(?:가|이)?.{0,8}?(?:볼록|불룩|튀어나|부풀|팽팽|솟아|솟았|부었|부어)",
    ),
    // No urine for many hours (NICE NG51 sepsis: none in 18 hours; NHS: urinary retention, acute
    // kidney injury): a sign, not a complaint of its own.
    neg(
        "no_urine",
        r"\b(?:hasn'?t|haven'?t|has not|have not|not|didn'?t|did not|hardly|barely)\W+(?:\w+\W+){0,3}?(?:peed|pee|peeing|urinated|urinating|wee'?d|weed|passed (?:any |a (?:single )?drop of )?(?:urine|water)|passing (?:any )?(?:urine|water)|been to the toilet to pee|had a wee)\b|\b(?:can'?t|cannot|unable to|couldn'?t) (?:pee|wee|urinate|pass (?:urine|water))\b|\bno (?:urine|pee|wee)\b|\b(?:not|hardly|barely) (?:making|producing) (?:any )?urine\b",
        "(?:소변|오줌|쉬)(?:을|이|도|는|가|를)?.{0,10}?(?:안보|안누|못보|못누|안나|못나|없|안싸|못싸|나오지않|나오질않|보지못|거의안|못하|못했|못봤)|무뇨|소변량이(?:확|급격히|많이)?(?:줄|없)",
    ),
    c("diarrhoea", r"\bdiarrh\w*|\bloose (?:stools|poo|poop)\b|\bwatery (?:poo|poop|stools?)\b|\bthe runs\b", "설사|물똥|묽은변|물설사"),
    c(
        "nasal",
        r"\b(?:blocked|stuffy|runny|congested|snotty|stuffed) nose\b|\bnose (?:is |was |gets )?(?:blocked|stuffed|stuffy|runny|congested)\b|\bcongestion\b|\bsnot\w*|\bboogers?\b|\bsniffl\w*",
        "코(?:가|를)?(?:막|맹맹|훌쩍|킁킁)|코막힘|콧물|코딱지|코감기",
    ),
    c(
        "doing_well",
        r"\b(?:feeding|eating|drinking|nursing|sleeping|playing|peeing) (?:well|fine|normally|ok|okay|good|happily)\b|\bseems? (?:fine|happy|ok|okay|herself|himself|normal)\b|\b(?:plenty of|lots of|normal) (?:wet )?(?:nappies|diapers)\b|\bactive and\b",
        "잘먹|잘놀|잘자|먹는건잘|먹기는잘|분유는잘|젖은잘|잘마셔|잘빨|잘웃|기저귀도잘|컨디션은좋",
    ),
    c(
        "choking",
        r"\bchok\w*|\b(?:food|meat|steak|a piece|something|candy|grape|rice cake|bone)\W+(?:\w+\W+){0,3}?(?:stuck|lodged|caught|went down the wrong way)|\b(?:stuck|stopped|stop|lodged|caught) in (?:his|her|my|the) (?:throat|gullet|food ?pipe)\b|\bswallowed (?:a|an|the) (?:coin|bone|fish ?bone|marble|piece of \w+)\b|\bwent down the wrong (?:way|pipe)\b|\b(?:eating|swallow\w*)\W+(?:\w+\W+){0,6}?(?:clutch\w*|grabb\w*|holding) (?:his|her|their|my) (?:throat|neck)\b",
        "목에(?:걸|걸린|걸렸|막)|(?:먹|드시|드셨|삼키|삼켰|삼킨)(?:다가|던|는데|고|거같은데|것같은데|거같|다|은거같)?.{0,12}?(?:켁켁|캑캑|컥컥|목을(?:움켜|부여잡|감싸|잡고|쥐고)|침을(?:질질|줄줄)?(?:흘|못삼)|못삼키|숨을못)|(?:삼키다가|먹다가|먹던중에)(?:.{0,6})?(?:켁켁|캑캑|컥컥|막혀|걸려|숨을)|(?:떡|음식|고기|사탕|포도|땅콩|밥|알약|생선가시|가시|토마토|젤리|견과|구슬|동전)(?:이|가|을|를|덩어리가)?.{0,8}?(?:걸려|걸렸|걸린|걸리셨|걸리신|막혀|막혔|넘어가지)|사레|기도(?:가|에)?(?:막|걸)",
    ),
    neg(
        "cant_cough_speak",
        r"\bcan'?t (?:cough|speak|talk|make a sound|say anything)\b|\bcant (?:cough|speak|talk)\b|\bno sound\b|\bnot making (?:a|any) sound\b|\b(?:clutching|pointing (?:at|to)|grabbing) (?:his|her|their) (?:throat|neck)\b|\bsilent\b",
        "기침(?:도|을)?(?:못|안나|안해|하지못)|(?:말|말씀)(?:도|을)?(?:못|안나와|못해)|소리(?:도|를|가)?(?:못|안나|안내|없이)|목을(?:움켜|부여잡|감싸|가리키|가리켜|가리킨)",
    ),
    c(
        "suicide_means",
        r"\brope\b|\bnoose\b|\bhang(?:ing)? myself\b|\bcharcoal\b|\bburner\b|\bbriquettes?\b|\bgun\b|\bpistol\b|\brifle\b|\b(?:saved|saving|kept|keeping|collected|collecting) (?:up )?(?:\w+ ){0,3}?(?:pills|tablets|meds|oxy\w*|opioids|painkillers|sleeping pills|insulin)|\b(?:stockpil|hoard)\w*|\b(?:pills|tablets|meds)\W+(?:\w+\W+){0,2}?(?:lined up|ready|counted(?: out)?|set aside|in front of me|next to me|beside me)\b|\bbridge\b|\bledge\b|\bjump(?:ing)? (?:off|from|in front)\b|\btrain tracks\b|\brazor\b|\bblade\b|\bexhaust pipe\b|\bhose\b|\bletters? (?:to|for) (?:my|everyone)|\bgoodbye (?:letter|note)|\bgave away\b|\bgiving away\b|\bwill\b[^.!?\n]*?\bready\b|\b(?:got|have) (?:the |my |all (?:the |my )?)?(?:tablets|pills|meds) (?:sorted|ready|together|lined up)\b|\b(?:\d+|two|three|four|five) (?:full |whole )?(?:boxes|packs|packets|bottles|strips)\b",
        "밧줄|줄을(?:샀|준비|걸)|목을맬|목맬|번개탄|연탄|숯|착화탄|약(?:을|들|도)?(?:모아|모았|모으|사모)|(?:약|수면제|진통제|알약|안정제|신경안정제)(?:을|를|들)?.{0,10}?(?:모아둔|모아놓|모아뒀|모아두|모아놨|모으고|쌓아둔|쌓아놓|쌓아뒀|숨겨둔|숨겨뒀|숨겨놓)|모아둔약|약(?:이|을)?(?:한통|한병|한움큼|잔뜩)|수면제|모아놓은|(?:^|[^사])다리(?:에서|위)|옥상|대교|한강다리|난간|베란다|뛰어내|투신|칼|면도날|유서|편지를(?:써|남)|정리하고있|물건을(?:나눠|정리)|선로",
    ),
    c(
        "intent",
        r"\b(?:i'?m|i am|im) (?:going to|gonna|about to|planning to|ready to)\b|\bi(?:'ll| will) (?:do it|take|swallow|jump|hang|end|use)\b|\bi'?ve (?:decided|made up my mind)\b|\b(?:taking|take|swallow\w*) (?:them|it) all\b|\btonight'?s the night\b|\bi'?ve picked\b|\bplanning to\b|\btalk me out of it\b|\b(?:gonna|going to) (?:do it|wait (?:till|until|for))\b|\b(?:asking|this is) for real\b|\bnot (?:joking|kidding|for a story)\b|\b(?:take|taking|swallow\w*) all of (?:it|them)\b|\b(?:i'?m|im|i am|he'?s|she'?s) (?:doing|gonna do) it\b|\bdoing it (?:tonight|tomorrow|today|after|when|once)\b|\bdon'?t (?:try to )?stop me\b",
        "(?:먹을|마실|뛰어내릴|끝낼|죽을|갈|할|피울|태울)(?:거|겁니다|래|게요)|(?:하|먹으|마시|끝내|죽으|뛰어내리)려고|결심했|농담아니|장난아니",
    ),
    // Everyday uses of the things a plan names (a charcoal barbecue, a climbing rope).
    c(
        "leisure",
        r"\bbbq\b|\bbarbecue\b|\bgrill\w*|\bcook\w*|\bcamping\b|\bclimb\w*|\bhik(?:e|ing)\b|\bfishing\b|\bsail\w*|\bshav\w*|\bgarden\w*|\bswing\b|\btow\w*",
        "바베큐|바비큐|고기(?:를|굽|구워)|구워|굽는|캠핑|등산|요리|클라이밍|암벽|면도|낚시|그네",
    ),
    c(
        "plan_time",
        r"\btonight\b|\btomorrow\b|\bthis (?:weekend|week|evening|friday|saturday|sunday)\b|\bafter (?:everyone|they) (?:is |are )?(?:asleep|gone)|\b(?:till|until|once) (?:everyone|everybody|they)(?:'?s| is| are)? (?:asleep|gone|out)\b|\bwhen (?:everyone|they) (?:is |are )?(?:asleep|gone|out)|\bsoon\b|\bon (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bi'?ve decided\b|\bmade up my mind\b|\bi have a plan\b|\bplanned\b|\bready\b|\bi'?ve picked\b|\bthe night\b|\bafter (?:work|school|my shift)\b|\bwhen i get home\b|\blater today\b|\b(?:this |next |on )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
        "오늘밤|오늘저녁|내일|지금(?:바로|당장)?|이번주|다음주|(?:월|화|수|목|금|토|일)요일|주말에|다들자면|가족들이자면|다잠들면|결심|계획|준비(?:해|했|다|를)|정했|날짜|곧",
    ),
    c(
        "resolved",
        r"\b(?:fine|ok|okay|good|normal|better|all good|great|none|nothing|no more) (?:ever )?since\b|\bsince then\b[^.!?\n]*?\b(?:fine|ok|okay|nothing|normal|good)|\bwent away\b|\b(?:gone|fine|ok|okay|normal|better) now\b|\bresolved\b|\bgone (?:in|within|after) (?:an? |\d+ |one |two |a few |few )?(?:hours?|hrs?|minutes?|mins?|days?)\b|\b(?:faded|fading|settled|subsided|cleared up|disappeared|wore off) (?:after|with|within|in)\b|\bnow (?:reads |reading |at )?(?:[4-9]|1[0-4])\.\d\b|\bhasn'?t (?:come back|happened (?:again|since)|returned)|\balready (?:treated|fixed|resolved|sorted)|\bback to normal\b|\bnow (?:it'?s |he'?s |she'?s |i'?m |they'?re |reads |reading |at |up to )?(?:fine|ok|okay|normal|back to normal|1[0-9]{2}|[89][0-9])\b|\b(?:gave|had|ate|drank) (?:him |her |them |me )?(?:some )?(?:juice|sugar|candy|glucose|sweets)\b[^.!?\n]*?\b(?:now|back|fine|better|up)\b",
        "괜찮아졌|괜찮아지(?:더|긴|고있)|(?:이후로|그뒤로|그후로)(?:는)?(?:한번도|전혀)(?:없|안)|멀쩡해|멀쩡하(?:세요|십니다|고|네|대|구)|나았|회복됐|회복했|사라졌|없어졌|가라앉았|정상으로|돌아왔|(?:이후로|그뒤로|그후로)(?:는)?(?:하루종일|계속|쭉|지금까지|여태)?(?:괜찮|아무|멀쩡|없|별)|지금은.{0,3}?(?:잘(?:먹|놀|자|웃|마시)|떠들|뛰어놀)|(?:이후로|그뒤로|그후로)(?:는)?(?:아주|너무|다)?(?:잘지내|건강|잘놀)|지금은(?:괜찮|멀쩡|정상|좋|아무|다|\\d)|지금은(?:열|체온)?.{0,4}?(?:내렸|내리고|떨어졌)|(?:주스|사탕|설탕|당)(?:를|을)?(?:먹|마시|드).{0,20}?(?:괜찮|올라|정상|회복)",
    ),
    // Bleeding that stopped: over for the bleeding, not for the wound that may still need stitches.
    // A clinician or a poison centre said it is harmless: what was swallowed is over too (feeling
    // fine is not enough after swallowing something: a battery or paracetamol harms hours later).
    c(
        "cleared",
        r"\b(?:poison (?:control|cent(?:er|re)|line)|doctors?|gp|p(?:a)?ediatrician|nurse|pharmacist|er|a&e|hospital|111)\b[^.!?\n]{0,40}?\b(?:said|says|told (?:us|me|him|her))\b[^.!?\n]{0,40}?\b(?:fine|ok|okay|harmless|nothing to worry|non[- ]?toxic|safe|will pass|no treatment|normal)\b|\b(?:a&e|er|ed|hospital|doctors?|paramedics?|ambulance|crew|they)\b[^.!?\n]{0,40}?\b(?:discharged|sent (?:us|me|him|her|them) home|let (?:us|me|him|her|them) go|checked (?:me|him|her|them|us)(?: over| out)?|observed|watched (?:me|him|her|them)|kept (?:me|him|her|them) (?:in|overnight))\b|\b(?:ecg|ekg|ct|scan|bloods|blood tests?|tests|x-?rays?|mri)\b[^.!?\n]{0,20}?\b(?:was|were|came back|all) (?:normal|clear|fine|ok|okay)\b",
        "(?:의사|선생님|병원|소아과|내과|보건소|간호사|약사|중독센터|응급실)(?:가|께서|에서|에서는|선생님이)?.{0,16}?(?:괜찮다|문제없다|이상없다|무해하다|괜찮을거|걱정안해도|걱정할필요)|(?:의사|병원|응급실|구급대원|구급대|119)(?:가|이|께서|에서|에서는)?.{0,12}?(?:확인|검사|진찰|지켜보|관찰|치료|처치)(?:하고|했는데|하더니|해보고|받고|했더니)?.{0,10}?(?:괜찮|정상|이상없|퇴원|집에)|(?:병원|응급실)(?:에|에서)?(?:갔다가|갔는데|다녀와서|갔더니)[^.!?]{0,20}?(?:집에왔|집에돌아왔|귀가|퇴원)|(?:ct|엑스레이|x-?ray|검사|피검사|심전도|mri)(?:도|는|가|상|결과)?(?:다|모두|결과)?(?:정상|이상없|괜찮)",
    ),
    c(
        "bleeding_stopped",
        r"\b(?:bleeding|blood|it) (?:has |had |finally |eventually )?stopped\b|\bstopped bleeding\b",
        "(?:피|출혈|코피)(?:가|이|는|도)?.{0,6}?(?:멈췄|멎었|그쳤)|(?:니|니까|더니|고나니|고나서)(?:금방|바로|곧|다|좀)?(?:멈췄|멎었|그쳤)|지혈(?:됐|이됐|했)",
    ),
    c(
        "ongoing",
        r"\bstill\b|\bagain\b|\bright now\b|\bkeeps? (?:\w+ing|going)\b|\b(?:second|third|fourth|\d+(?:nd|rd|th)) time\b|\b(?:several|many|\d+|three|four) times (?:today|now|tonight|this (?:morning|afternoon|evening))\b|\bover and over\b|\bgetting worse\b|\bworse now\b|\b(?:came|coming|it'?s|is) back\b|\bnot (?:getting )?better\b|\bnow (?:he|she|i|it|they) (?:is|are|'?s|'?m|can'?t|won'?t|has|have)\b|\bbut (?:now|today)\b",
        "아직|계속|지금도|또(?:다시)?|다시|재발|(?:두|세|네|다섯|몇|\\d)번째|심해지|더심해|악화|근데지금|그런데지금|지금은(?:더|또|다시)",
    ),
    c(
        "chronic",
        r"\bstroke\W+(?:\w+\W+){0,4}?(?:years?|months?|weeks?) ago\b|\b(?:years?|months?) ago\b[^.!?\n]*?\bstroke\b|\bstroke (?:last|in) (?:year|month|20\d\d|19\d\d)\b|\blast year\b[^.!?\n]*?\bstroke\b|\brehab\w*|\bsince (?:his|her|my|the) (?:stroke|accident|injury|surgery|operation|tbi|birth)|\bresidual\b|\blong[- ]standing\b|\bchronic\b|\bfor (?:years|months|ages)\b|\bpermanent\w*\b|\blearn\w* to walk again\b|\bever since (?:his|her|my|the)\b",
        "재활|후유증|그뒤로|그이후로|그후로|몇년째|아직(?:도)?남아|남아있|수년째|만성|원래|평소에도|예전부터|(?:\\d+|몇|한|두|세)(?:년|개월|달)전(?:에)?.{0,6}?(?:뇌졸중|중풍|뇌경색|뇌출혈)|(?:작년|재작년|예전|옛날)(?:에)?.{0,6}?(?:뇌졸중|중풍|뇌경색|뇌출혈)",
    ),
    c(
        "fleeting",
        r"\bfor (?:a|one|1|a split|just a|half a) (?:second|sec|moment)\b|\b(?:a|one|1|couple of)[- ]?seconds?\b|\bsplit second\b|\bmomentar\w*|\bbriefly\b|\bquick (?:twinge|pinch|stab|jab)\b|\btwinge\b|\bfleeting\b",
        "(?:1|일|한|몇)초|찰나|순간적|잠깐|잠시",
    ),
    c("neck_pain", r"\bneck\W+(?:\w+\W+){0,2}?(?:pain|hurts?|hurting|ache|sore|killing)|\b(?:hurt|pain in|injured) (?:his |her |my |the )?neck\b|\bwhiplash\b", "목(?:이|뒤가|덜미가|뒤|뒷덜미)?.{0,3}?(?:아[프파픈퍼팠]|통증|뻐근)|뒷목|목을다쳤|경추"),
    c("tingling", r"\btingl\w*|\bpins and needles\b|\bnumb\w*", "저리|저려|찌릿|감각이없|감각이둔|먹먹"),
    c("ate", r"\b(?:ate|eaten|eating|cooked|had some|tried|fried|put (?:it|them) in|eat)\b|\bmade (?:\w+ ){0,2}?(?:soup|stew|omelet\w*|risotto|pasta|sauce|a meal|dinner|lunch|breakfast)\b", "먹|드셨|드시|요리|볶아|끓여|무쳐"),
    c("stool_colour_food", r"\biron\b|\bpepto\b|\bbismuth\b|\bbeets?\b|\bbeetroot\b|\bblueberr\w*|\bblack licorice\b", "철분|비스무트|블루베리|짜장|오징어먹물"),
    c("sunburn", r"\bsun ?burn\w*", "햇볕에(?:탔|타서|그을)|햇볕화상|일광화상|햇빛에(?:탔|타서)"),
    neg(
        "farewell",
        r"\b(?:no ?one|nobody) (?:will|would|is going to|gonna) (?:miss|notice|care)|\bwon'?t be (?:around|here) (?:anymore|much longer|tomorrow)|\ba burden\b|\bsorry for everything\b|\bsleep forever\b|\bnever wake up\b|\bdone with (?:it all|everything|life)\b|\bnot be here\b|\bdon'?t want to be here\b|\bend (?:it|this|everything)\b|\bget it over with\b|\bi'?m done\b|\bi am done\b|\bcan'?t do this anymore\b|\bgave (?:my|all my) (?:stuff|things) away\b|\b(?:look after|take care of) (?:my|the) (?:cat|dog|kids?|children|pets?|plants)\b|\b(?:if|when|after) (?:i'?m|im|i am) (?:not here|gone|no longer (?:here|around))\b|\b(?:if anyone|whoever) finds this\b|\b(?:won'?t|wont|will not) need (?:them|it|this|these|my \w+) (?:after|anymore|any more)\b|\bsorted (?:out )?(?:my |the )?will\b|\bpaid off (?:what i owe|my debts?|everything)\b|\b(?:given|gave|giving) away (?:most of |all of |all )?my (?:stuff|things|belongings)\b|\bmy passwords? (?:is|are)\b|\b(?:gave|giving|given|sent|texted|left|emailed|wrote down|handed) (?:me |us |her |him |them )?(?:(?:his|her|their|my|all (?:of )?(?:his|her|their|my)) )?(?:\w+ )?(?:passwords?|passcodes?|pin codes?|pins)\b|\bhere(?:'s| is| are) my (?:\w+ )?(?:passwords?|passcodes?|pin)\b|\b(?:phone|laptop|computer|bank|email) (?:password|passcode|pin) is\b|\brehom\w*\b|\b(?:give|gave|giving|given) away (?:her|his|my|their) (?:cat|dog|pets?|stuff|things|belongings|clothes|books|games)\b|\b(?:this is|it'?s|its|it was) the last time\b|\b(?:won'?t|will not|wont|don'?t|dont) (?:have|need) to worry about me\b",
        "(?:가족|엄마|아빠|부모님|아이들|애들|남편|아내|친구)(?:들)?(?:한테|에게|께)?(?:편지|유서|마지막)|작별|마지막인사|(?:더이상|더는|이제)(?:은)?(?:못버티|못견디|버틸수없|견딜수없)|마지막으로(?:누구|말|인사|연락|한마디)|짐이(?:되|될)|미안하다고|영원히(?:잠|자)|안깨어나고싶|다끝(?:내|낼)|끝내(?:려|고싶|겠)|끝낼(?:거|생각|래)|떠나(?:려|겠|기로)|없어지(?:려|고싶)|사라지(?:려|고싶)|살고싶지|안살고싶|그만살|내몫까지|나(?:없어도|없이도)|내가없어도|(?:내일|오늘밤|오늘|내일아침)(?:이면|엔|에는)?(?:저는|나는|난|자기는|자긴|자기)?없을|(?:아끼던|소중한|좋아하던|애지중지하던)[^.]{0,12}?(?:줬|주고|주시|주더|주셨|나눠|넘겨)|물건(?:을|들을|들)?(?:다)?.{0,8}?(?:나눠|넘겨)|비밀번호(?:를|도)?(?:알려|적어)|(?:폰|핸드폰|휴대폰|컴퓨터|노트북|카톡|통장|계좌|카드)?(?:비번|비밀번호|패스워드|잠금번호)(?:은|는|이|가|도)?\\d|(?:우리|내)[가-힣]{1,4}?(?:이|이도|도|는)?좀맡아(?:줘|주라|줄래|주세요|달라)|(?:고양이|강아지|냥이|반려견|반려묘)(?:는|를|은|좀)?.{0,8}?(?:데려가|맡아|부탁|키워)|(?:내가|제가|나|저)?(?:없어져도|사라져도|죽어도)(?:아무도|아무렇지|다들|세상은)|이게마지막(?:이|일|인사)",
    ),
    // A goodbye that may be ordinary (leaving a job, moving away): a farewell only with another sign.
    c(
        "goodbye",
        r"\bgoodbye\b|\b(?:written|wrote|writing|left) (?:the |my |a |some )?(?:letters?|notes?)\b|\b(?:written|wrote) to (?:my|everyone|all)\b|\bthank(?:s| you) for everything\b|\bthis is (?:kind of |sort of )?(?:goodbye|the end)\b|\b(?:it'?s |its )?better this way\b|\bdon'?t be sad\b",
        "편지(?:를|도)?(?:써|썼|남)|(?:엄마|아빠|가족|애들|아이들|동생|부모님|우리애)(?:를|을|좀|는)?(?:잘)?부탁|(?:그동안|여태|지금까지|다들|모두)(?:정말|너무|진짜)?(?:고마웠|감사했|미안했)|고마웠어(?:요)?(?:다들|모두)|(?:만나서|알아서|함께해서)행복했",
    ),
    // Asking how many of one's own pills would kill ("how many of my X would it take").
    c(
        "lethal_query",
        r"\bhow (?:many|much) (?:of )?(?:my |his |her |these |the |those )?(?:\w+ ){0,2}?(?:would|will|does|do) it take\b|\bhow (?:many|much) (?:\w+ ){0,4}?(?:would|will|is|are|to) (?:be )?(?:lethal|fatal|deadly|an overdose)\b|\b(?:lethal|fatal|deadly) (?:dose|amount|overdose)\b|\bhow (?:many|much) (?:\w+ ){0,3}?to (?:die|not wake up|never wake up|kill (?:me|myself)|end it)\b|\b(?:enough|how many) (?:\w+ ){0,2}?to (?:die|not wake up|never wake up|kill (?:me|myself))\b",
        "몇(?:알|개|정|통)(?:을|이나|이면|먹으면|을먹으면).{0,8}?(?:죽|안깨|끝)|얼마나먹(?:으면|어야).{0,4}?(?:죽|안깨)",
    ),
    // Pills or opioids saved up ("saving my oxys", "60 of the 10mg saved", "수면제 모아둔 거"): a means
    // at hand, a plan with a time or a goodbye.
    c(
        "pill_stockpile",
        r"\b(?:sav(?:ed|ing)|stockpil\w*|hoard\w*|collect(?:ed|ing)|stash(?:ed|ing)|kept|keeping|squirrel\w* away) (?:up )?(?:all )?(?:(?:my|his|her|their|the) )?(?:\w+ ){0,2}?(?:pills|tablets|meds|medication|oxys?|oxy\w*|opioids|painkillers|sleeping pills|percs|percocets?|vicodins?|norcos?|xanax|benzos|hydrocodone|morphine|fentanyl|tramadol|insulin|klonopin|valium|ambien)\b|\b\d+ (?:of (?:the|my|them|those|his|her) )?(?:\w+'?s )?(?:\d+ ?mg\b ?|pills|tablets|oxys?|\w*codone|percs)(?:\W+\w+){0,2}?\W+(?:saved|stashed|stockpiled|hidden|hoarded|put away|set aside)\b",
        "(?:약|수면제|진통제|마약성진통제|옥시|알약|안정제|신경안정제|처방약|졸피뎀|스틸녹스|트라마돌|펜타닐|타이레놀|인슐린)(?:을|를|들|들을|도)?.{0,10}?(?:모아둔|모아놓|모아뒀|모아두|모아놨|모으고|모았|모아왔|모아온|쌓아둔|쌓아놓|쌓아뒀|숨겨둔|숨겨뒀|숨겨놓|안먹고모|빼돌)|모아둔약|약을모아",
    ),
    // Ordinary reasons to keep pills back (a trip, running out).
    c(
        "stock_reason",
        r"\b(?:trip|travel\w*|vacation|holiday|run(?:ning)? out|shortage|disposal|dispose|take[- ]?back|drop[- ]?off|abroad|deployment|for when|in case|flares? up|emergenc\w*)\b",
        "여행|출장|해외|떨어질까|반납|폐의약품|버리려|비상용|상비약|혹시몰라|대비|아플때",
    ),
    // Charcoal with tape for the gaps: the means of a car or room sealed (never a barbecue).
    c(
        "sealing",
        r"\b(?:duct|gaffer) tape\b|\btap(?:e|ed|ing) (?:up )?(?:the |all the )?(?:windows?|doors?|vents?|gaps)\b|\bseal\w* (?:up )?(?:the |all the )?(?:windows?|doors?|car|room|gaps|vents?)\b",
        "청테이프|박스테이프|은박테이프|테이프(?:로|를|도)?.{0,6}?(?:창문|문틈|틈|막)|(?:창문|문틈|틈)(?:에|을|도)?.{0,6}?테이프|문틈(?:을)?막",
    ),
    // Death said in a dose question ("to not wake up", "lethal").
    c(
        "death_word",
        r"\b(?:not|never) wake up\b|\blethal\b|\bfatal\b|\bdeadly\b|\bto die\b|\bkill (?:me|myself)\b|\boverdose\b",
        "안깨|못깨|죽|치사",
    ),
    // Away for a while (a trip, a hospital stay): a pet or a password left for that is no goodbye.
    c(
        "away_reason",
        r"\b(?:while|when) (?:i'?m|im|i am|we'?re|we are) (?:away|gone|on (?:holiday|vacation|a trip)|in hospital)\b|\bfor the weekend\b|\bbusiness trip\b|\bvacation\b|\bholiday\b",
        "여행|출장|다녀올|다녀오는|휴가|주말동안|며칠만|동안만|입원하는동안",
    ),
    // Only a smell or fumes near the eyes ("bleach smell in my eyes, a bit watery"), no splash: an
    // irritation, not a chemical burn of the eye.
    c("fumes", r"\b(?:smell\w*|fumes?|vapou?rs?|whiff)\b", "냄새|증기|가스"),
    c(
        "splash",
        r"\bsplash\w*|\bspray\w*|\bsquirt\w*|\bspill\w*|\bspatter\w*|\bflew\b|\bgot (?:some|it|a drop|drops) (?:in|into)\b|\bwent (?:in|into)\b",
        "튀|튄|튐|뿌|들어|묻|닿",
    ),
    c("charcoal", r"\bcharcoal\b|\bbriquettes?\b|\bcoals?\b", "번개탄|착화탄|연탄|숯"),
    // Things given away or a pet left with someone, told with a lethal-dose question.
    c(
        "gave_away",
        r"\b(?:gave|given|giving|handed|sold|selling) (?:away )?(?:all )?(?:my|his|her) (?:\w+ ){0,6}?(?:to (?:my|his|her|a)\b|away\b)|\b(?:my|his|her) (?:dog|cat|pets?|puppy|kitten) (?:is|are) (?:now )?(?:at|with) (?:my|his|her) \w+|\bsorted (?:out )?(?:my|all my) (?:stuff|things|affairs)\b|\bdropped (?:his|her|my) (?:dog|cat|pets?) off\b",
        "(?:다|전부|몽땅)(?:나눠줬|줘버렸|넘겨줬|처분했|팔았)|(?:고양이|강아지|냥이|반려견|반려묘)(?:는|를|은)?.{0,10}?(?:보냈|맡겼|데려갔|줬)",
    ),
    // At a height that is a means, now ("I'm on the bridge", "지금 마포대교 위임").
    c(
        "at_height_now",
        r"\b(?:i'?m|im|i am|standing|sitting|stood) (?:on|at|up on|on top of) (?:the |a |this )?(?:bridge|ledge|edge|railing|rooftop|cliff|train tracks|tracks)\b|\bclimb\w* (?:over|onto|on) (?:the |a )?(?:railing|parapet|ledge|barrier|balcony rail\w*)\b",
        "(?:옥상|대교|한강다리|다리위|난간|철로|선로)(?:에|위에|위)?(?:올라왔|올라와|와있|왔어|서있|앉아있|위임|이에요|임)",
    ),
    // Someone who sent a goodbye and cannot be reached.
    neg(
        "unreachable",
        r"\b(?:not|isn'?t|isnt|aren'?t) (?:answering|picking up|replying|responding to (?:my|our|any))\b|\bhasn'?t (?:answered|replied|responded|picked up|read)\b|\bno (?:answer|reply|response) (?:since|for)\b|\b(?:won'?t|wont|doesn'?t|didn'?t) (?:answer|pick up|reply)\b|\b(?:phone|calls?) (?:is |are |goes |going |went )?(?:off|straight to voicemail|unanswered)\b",
        "(?:전화|폰|핸드폰|휴대폰)(?:를|을|도|이|은)?(?:안받|받지않|꺼져|꺼놨|꺼놓|껐|안되)|연락(?:이|도)?(?:안되|안돼|두절|없)|답장(?:이|도)?없|카톡(?:을|도)?안읽",
    ),
    c("calm_now", r"\b(?:peaceful|calm|quiet|serene)\b[^.!?\n]{0,12}\bhere\b|\bup here\b", "마지막으로|평화롭|조용하|시원하"),
    // A charcoal burner lit in a closed car or room (a suicide act, and carbon monoxide).
    c(
        "means_lit",
        r"\b(?:lit|lighting|burning) (?:a |the |some )?(?:charcoal|briquettes?|coals?|burner|disposable bbq)\b[^.!?\n]{0,40}?\b(?:car|room|tent|bathroom|sealed|shut|closed|locked)\b|\b(?:car|room|tent|bathroom)\b[^.!?\n]{0,30}?\b(?:lit|lighting|burning) (?:a |the |some )?(?:charcoal|briquettes?|coals?|burner)",
        "(?:차|차안|방|방안|텐트|화장실|욕실)(?:에서|안에서|문)?.{0,14}?(?:번개탄|연탄|숯|착화탄)(?:을|를)?(?:피웠|피워|붙였|켰|피우고)|(?:번개탄|착화탄)(?:을|를)?(?:피웠|피워놨|붙였)",
    ),
    // A child, or a baby by its age in chat shorthand at the start of a message ("9mo has a stomach
    // bug", "my 6 wk").
    c(
        "child",
        r"\bbab(?:y|ies)\b|\binfant\b|\btoddler\b|\bnewborn\b|\bkids?\b|\bchild\b|\bson\b|\bdaughter\b|\b\d{1,2}[ -]?(?:month|week|day)s?[ -]?old\b|\b(?:[1-9]|1[0-7])[ -]?(?:year|yr)s?[ -]?old\b|\b(?:[1-9]|1[0-7]) ?(?:yo|y/o|yrs?)\b|(?:^|\b(?:my|our|the) )\d{1,2} ?(?:mo|mos|mths?|m/o|wks?)\b",
        "아기|애기|(?:^|[^돌나찾알살잡앉남좋높많넘따달빠싸다사자차타파하까])아가|아이|애가|(?:우리|저희)애|^애(?:가|는|를|한테|배|몸|얼굴|이마|랑)|(?:^|[^알])아들|딸|(?:^|\\D)(?:[1-9]|1[0-7])살|개월|유아|어린이|신생아|손주|손자|손녀",
    ),
    // Words that hold a symptom's word and mean something else, so a mention inside one is no
    // complaint and no recovery: known compounds ("hay fever", "non-drowsy", "seizure-free",
    // "간질약"), medicines and substances named after a symptom ("yellow fever vaccine", "red blood
    // cells", "경련방지제") or whose name holds one ("리피토" holds 피토, "코데인" 데인); a quoted title
    // or name ("called 'Seizure Sauce'", "'경련'이라는 제목"); a film or a drill ("Suicide Squad",
    // "suicide sprints"); slang ("발작버튼" is what sets one off); 목 "throat" inside 발목 "ankle" and
    // 손목 "wrist"; a next time asked about ("다음에 또 그러면" is no "again" now); a pet in a simile
    // ("고양이 같은 소리로 울어요" is a baby's cry); one aspect said to be fine ("정신은 멀쩡하세요":
    // alert, not recovered).
    c(
        "masked",
        r"\bhay ?fever\b|\b(?:called|named|titled|brand|band|podcast|show|song|album|book|film|movie|game|restaurant|shop|store|dish|menu item)\s+['\x{2018}\x{201C}\x22][^'\x{2019}\x{201D}\x22]{1,40}['\x{2019}\x{201D}\x22]|\bsuicide (?:squad|doors?|sprints?|drills?|runs?|lines? drills?|king|blonde)\b|\bsuicide (?:prevention|awareness) (?:month|week|day|walks?|runs?|training|charit(?:y|ies)|fundraisers?|events?)\b|\b(?:drown\w*|suffocat\w*|buried|dying|choking|smother\w*|gasping) (?:in|under|with|for) (?:all )?(?:this |the |my |these |that |so much |too much )?(?:\w+ )?(?:paperwork|work|homework|debt|bills|emails?|stress|pressure|deadlines?|assignments?|admin|laundry|tasks|coursework|essays?|meetings|expectations|responsibilit(?:y|ies)|boredom|cuteness|embarrassment|revision|chores)\b|\b(?:(?:turn\w*|went|go\w*|gone) )?blue in the face\b|\b(?:yellow|scarlet|typhoid|dengue|rheumatic|lassa|rift valley|spotted|q) fever,? (?:vaccin\w*|virus\w*|shots?|jabs?|immuni[sz]\w*|live|attenuated|strain)\b|\bfever ?(?:tree|few)\b|\b(?:red|white) blood cells?\b|\b(?:(?:cord|whole|donor|donated|peripheral|menstrual|calf|autologous|allogeneic),? )?blood[- ](?:cells?|derived|coagulation|clotting|groups?|banks?|brain|borne|orange|donors?|products?|vessels?|counts?)\b|\b(?:cord|whole|donor|donated|peripheral|menstrual|calf|autologous|allogeneic),? blood\b|\bpale (?:dock|ale)\b|\balbumin,? blood\b|\bburnt (?:lime|alum|potassium alum|umber|sienna|sugar|toast|orange)\b|\bseizure[- ]related\b|\bspotted (?:\w+ )?(?:cats?|dogs?|owls?|deer|hyenas?|fever|hemlock|cowbane|knapweed|spurge|salamanders?|frogs?|gum)\b|\bpanic attacks?\b|\bstabbed (?:me|him|her|us|them) in the back\b|\b(?:(?:got|been|was|were|is|just|get|gets) )?stabbed in the back by (?:my|his|her|their|our|a) (?:best |closest |own |so[- ]called )?(?:friends?|boss|coworkers?|co-workers?|colleagues?|partner|ex|sisters?|brothers?|team\w*|family|mates?|husband|wife|boyfriend|girlfriend|manager)\b|\bbackstab\w*|\bbreath[- ]holding (?:spells?|attacks?|episodes?)\b|\bnot breathing (?:fast|quickly|rapidly|hard|heavily|too fast|faster)\b|\bblood (?:pressure|sugars?|glucose|tests?|work|type|donation|results)\b|\bnon[- ]?drows\w*|\b(?:seizure|fit)[- ]free\b|\b(?:choking|fainting|blackout|pass[- ]out) (?:game|challenge)\b|\bchoking (?:hazards?|risks?|prevention|polic(?:y|ies)|guidance|protocols?|drills?|training)\b|\b(?:had|got|having) (?:my |his |her |an? |the )?appendi\w* (?:out|removed|taken out)|\bappendi\w* (?:was |were |got )?(?:out|removed|taken out)\b",
        "(?:다음에|나중에|앞으로|혹시)?또(?:다시)?(?:그러|이러|저러|그렇게되|하|쓰러지|경련하|발작하|토하|아프|아파지|기절하)면(?:[^서]|$)|['\"\u{2018}\u{201C}][^'\"\u{2019}\u{201D}]{1,30}['\"\u{2019}\u{201D}](?:이)?(?:라는|란)(?:제목|이름|노래|곡|영화|드라마|책|소설|게임|가게|식당|메뉴|부분|가사|프로|예능|브랜드|상호)|(?:제목|이름|상호|메뉴)(?:이|가|은|는)['\"\u{2018}\u{201C}][^'\"\u{2019}\u{201D}]{1,30}['\"\u{2019}\u{201D}]|(?:간질|뇌전증|항경련|경련|발작|구토|설사)(?:억제|방지|예방|완화|치료)?(?:제|약)|발작(?:버튼|스위치|포인트)|(?:발|손)목(?:이|가|도|은|는|쪽이|부분이|까지)?[^.!?]{0,6}?(?:부었|붓|부어|퉁퉁|부풀)|목요일|리피토|코데인|클로피도그렐|피토(?:케미컬|스테롤|메나디온|에스트로겐|뉴트리언트|칼슘|신)|공황(?:발작|장애)|호흡정지발작|(?:숨|호흡)(?:을)?참(?:는|기)?발작|(?:축구|농구|야구|배구|동호회|시합|연습|친선|리그|결승|준결승|원정|홈)경기|비염약|맹장(?:수술|을뗐|뗐|떼는수술|제거)|(?:고양이|강아지)(?:같은|같이|처럼)|(?:정신|의식|기억|말|말투)(?:은|는)(?:또렷|멀쩡)[가-힣]{0,4}|(?:테니스|운동)경기(?:가|를|는|에|도)?|경기(?:장|일정|관람|결과|보러|에출전|에나가|를봤|를보)",
    ),
    c(
        "pet_object",
        r"\b(?:tripped over|fell over|walking|walked|walk|stepped on) (?:the|my|our|his|her) (?:dog|cat|puppy|kitten)\b",
        "(?:강아지|고양이|개)(?:한테|에)?걸려(?:서)?넘어|(?:강아지|개)산책",
    ),
    // --- more KTAS level 1-2 modifiers: limb ischaemia, chemical and inhalation burns, upper
    // airway obstruction, anticoagulated head injury, CSF leak, acute glaucoma, arrhythmia with
    // syncope, aneurysm ---
    c(
        "fracture",
        r"\bbroken?\b|\bbroke (?:his|her|my|their|a|the)\b|\bfractur\w*|\bsnapped\b|\bdislocat\w*|\bbent (?:a |the )?(?:weird|wrong|funny|strange|odd) (?:way|angle|direction)\b|\bcrash\w*|\baccident\b|\bcrush\w*|\btrapped\b|\bcaught in (?:a|the) (?:machine|door|press|roller)\b|\b(?:slammed|shut|closed) (?:on|in)\b|\bout of shape\b|\bdeformed\b|\bbent like\b|\bdinner fork\b",
        "부러|골절|꺾여|꺾였|탈구|사고|깔렸|끼였|끼어서|말려들어",
    ),
    c(
        "cold_white_limb",
        r"\b(?:hand|hands|foot|feet|fingers?|toes?|leg|arm)\W+(?:\w+\W+){0,3}?(?:going|gone|turned|turning|is|are|went|looks?) (?:\w+ )?(?:cold|white|blue|pale|grey|gray)\b|\bno pulse in (?:his|her|my|the) (?:foot|wrist|hand|leg)\b|\bcold and (?:white|pale|blue|grey|gray)\b|\b(?:white|pale|blue|grey|gray) and cold\b",
        "(?:발|손|발가락|손가락|다리|팔|발끝|손끝)(?:이|가|끝이)?.{0,6}?(?:차갑|차가워|하얗|하얘|파랗|파래|창백|시퍼)",
    ),
    c(
        "on_skin",
        r"\b(?:on|over|onto|all over) (?:my|his|her|their|the) (?:face|skin|arms?|hands?|legs?|body|chest|back|feet|foot|neck|belly|stomach)\b|\bskin (?:is )?(?:burning|going white|turning white|peeling)\b",
        "(?:팔|배|다리|손|얼굴|몸|피부|등|가슴|발)(?:이랑|에|랑|과|하고|이|가|에도|까지).{0,10}?(?:튀|묻|쏟|닿|뒤집어)|피부가(?:하얗|타|벗겨|화끈)",
    ),
    c(
        "fire_smoke",
        r"\bbonfire\b|\bhouse fire\b|\b(?:on|caught) fire\b|\b(?:a|the) fire\b|\bflames?\b|\bflare[- ]?up\b|\bsmoke inhal\w*|\b(?:full of|thick|black) smoke\b|\bbreathed in (?:\w+ )?smoke\b|\bsinged\b|\bsoot\w*|\b(?:kitchen|grease|apartment|car|garage|chimney|electrical|brush|bush|building|flat|bedroom|basement) fire\b|\bwildfire\b|\bfire in (?:our|my|the|his|her|their)\b",
        "불난|불나|화재|불이나|불이났|불길|연기를(?:마|들이)|연기(?:를)?(?:잔뜩|많이|엄청|꽤|좀)?(?:마셨|마시|들이마)|연기가(?:가득|자욱)|그을음|그을렸|콧털",
    ),
    c(
        "sooty_sputum",
        r"\b(?:coughing|cough\w*|spitting|bringing) up (?:black|dark|sooty|grey) (?:stuff|phlegm|mucus|spit|gunk)|\b(?:black|sooty) (?:phlegm|mucus|spit|snot|sputum)",
        "(?:가래|침|콧물)(?:가|이)?.{0,4}?(?:시커|까맣|검|까만|새까)",
    ),
    neg(
        "cant_swallow_spit",
        r"\b(?:can'?t|cant|cannot|won'?t|wont|unable to) (?:even )?swallow (?:even )?(?:my |his |her |their )?(?:own )?(?:spit|saliva)\b|\bdrool\w*|\bspit\w* (?:is )?(?:coming|running|pouring) out\b|\bspit\w* (?:it )?(?:into|in) a (?:bowl|bucket|cup)\b",
        "침(?:도|을|조차)?(?:못삼|삼키지못|삼킬수(?:가)?없|질질|흘리)",
    ),
    neg(
        "no_shiver",
        r"\b(?:stopped|stop|stops|not even|no longer|isn'?t even|isn'?t|not) shivering\b|\bshivering (?:has |had |just )?stopped\b",
        "(?:덜덜)?떨지(?:도)?않|떨림(?:이|도)?(?:멈|없)|안떨",
    ),
    // --- frostbite (NHS: hard, waxy, white-grey or black skin, or blisters, after the cold -> A&E) ---
    c(
        "frost_setting",
        r"\bfrost ?bit\w*|\bfrostnip\b|\bice[- ]climb\w*|\bmountaineer\w*|\bsummit\w*|\bafter (?:\d+|several|many|a few) (?:hours?|hrs?) (?:outside|out|in the cold|on the mountain|climbing|skiing|hiking|in the snow)\b|\bhunt(?:ing|er)\b|\barctic\b|\bwinter\b|\bwet (?:boots|socks|feet|toes)\b|\bski(?:ing|ed|s)?\b|\bsnowboard\w*|\bmountain\b|\bice fishing\b|\bblizzard\b|\bsnow ?storm\b|\bsub-?zero\b|\bminus \d+|\bin the snow\b|\b(?:lost|no|without) (?:his |her |my )?gloves\b|\bfreezing\b|\bhypotherm\w*|\b(?:been |was |were |stayed )?out(?:side|doors)? (?:for )?(?:\d+|two|three|four|five|six|several|many) (?:hours?|hrs?)\b|\b(?:it'?s|its|was|is|about|around|at|of|temp\w*) (?:-|minus |negative )\d+\b",
        "동상|스키|보드타|설산|겨울산|등산|종주|산행|(?:\\d+|몇|여러|열)시간(?:넘게|이상|동안|가까이)?(?:밖|야외|산|눈)에|눈밭|눈속|영하|한파|얼음낚시|빙어낚시|장갑(?:을|도)?(?:잃|안끼|없|벗)|꽁꽁|추운(?:데|곳|밖|날)",
    ),
    c(
        "frozen_tissue",
        r"\b(?:fingers?|toes?|hands?|feet|foot|nose|ears?|cheeks?|fingertips?)\W+(?:\w+\W+){0,10}?(?:waxy|frozen solid|(?:hard|solid) (?:as|like) (?:wood|ice|a rock)|wooden|black\w*|(?:white|grey|gray|pale),?(?: and)? (?:hard|stiff|solid)|(?:hard|stiff|solid),?(?: and)? (?:white|grey|gray|pale|waxy)|(?:like|as) (?:a )?(?:candle|candle ?wax|wax)\b|waxen)|\bblood[- ]?(?:filled )?blisters?\b|\bblisters? (?:\w+ ){0,2}?(?:filling|filled) with blood\b",
        "(?:손가락|발가락|손|발|귀|코|볼|손끝|발끝)(?:이|가|끝이|들이|세개가|몇개가)?.{0,14}?(?:양초|촛농|밀랍|왁스|나무토막|마네킹)(?:처럼|같이|같)[^.]{0,4}?(?:딱딱|굳|단단|뻣뻣)(?:[^.]{0,4}?감각(?:이|도)?(?:하나도)?없)?|(?:손가락|발가락|손|발|귀|코|볼|손끝|발끝)(?:이|가|끝이|들이|세개가|몇개가)?.{0,10}?(?:(?:하얗|하얘|창백|회색|허옇)[^.]{0,6}?(?:딱딱|굳)|(?:딱딱|굳)[^.]{0,6}?(?:하얗|하얘|창백|회색|허옇)|검게|까맣|까매|거멓|검은색|시커멓|피물집)(?:[^.]{0,4}?감각(?:이|도)?(?:하나도)?없)?",
    ),
    c(
        "anticoagulant",
        r"\bwarfarin\b|\bcoumadin\b|\bapixaban\b|\beliquis\b|\brivaroxaban\b|\bxarelto\b|\bdabigatran\b|\bpradaxa\b|\bedoxaban\b|\blixiana\b|\bblood thinners?\b|\banticoagula\w*|\bclopidogrel\b|\bplavix\b",
        "와파린|쿠마딘|엘리퀴스|자렐토|프라닥사|릭시아나|항응고제|혈전용해|피(?:를)?묽게|아픽사반|리바록사반|클로피도그렐|플라빅스",
    ),
    c(
        "clear_fluid",
        r"\bclear (?:watery )?(?:fluid|liquid|stuff|water)\b[^.!?\n]{0,40}?\b(?:nose|nostril|ear)s?\b|\b(?:nose|nostril|ear)s?\b[^.!?\n]{0,30}?\bclear (?:watery )?(?:fluid|liquid|stuff|water)\b",
        "(?:코|귀)(?:에서|로).{0,6}?맑은(?:물|액체|콧물)|맑은(?:물|콧물|액체).{0,10}?(?:뚝뚝|흘러|나와|떨어)",
    ),
    c(
        "eye_pain",
        r"\beyes?\W+(?:\w+\W+){0,3}?(?:pain\w*|hurt\w*|ach\w*|throbb\w*|agon\w*|killing|excruciating)|\bpain\w* (?:in|behind|around) (?:my|his|her|the|one) (?:right |left )?eyes?\b",
        "눈(?:이|알이|쪽이|알)?.{0,14}?(?:아[프파픈퍼팠]|빠질것|통증|쑤시|터질)",
    ),
    c(
        "halos",
        r"\bhalos?\b|\brainbows?\b[^.!?\n]{0,20}?\blights?\b|\bcircles? around (?:the )?lights\b",
        "무지개|빛번짐|불빛(?:주위|주변)",
    ),
    c(
        "palpitations",
        r"\bpalpitat\w*|\bheart(?:'s|s)? (?:is |keeps |was |been |suddenly |started |just )*(?:racing|pounding|hammering|thumping|skipping|going (?:\d+|crazy|mad|like)|fluttering|beating (?:really |so |very )?fast)|\bheart ?rate (?:of |is |at |was )?(?:1[5-9]\d|2\d\d)\b|\bpulse (?:of |is |at )?(?:1[5-9]\d|2\d\d)\b",
        "두근|심장이(?:갑자기|너무|엄청|막|계속){0,2}(?:빨리|미친듯|터질|쿵쾅|벌렁|빠르게)|심장이(?:분당)?\\d+(?:번|회)?(?:넘게|이상|씩)?(?:갑자기|너무|엄청|막|계속)?(?:빨리|미친듯|빠르게|뛰)|맥박이(?:너무빨|1[5-9]\\d|2\\d\\d)|가슴이(?:벌렁|쿵쾅)",
    ),
    // A heart rate of 150 or more read off a watch or a pulse (ESC: a tachycardia that fast with
    // symptoms is unstable).
    c(
        "rapid_rate",
        r"\b(?:heart(?: is| was)?(?: going| racing| beating| pounding)?|watch|fitbit|heart ?rate|hr|pulse)\W+(?:\w+\W+){0,5}?(?:1[5-9]\d|2\d\d)(?:$|[^\d/])|\b(?:1[5-9]\d|2\d\d) ?bpm\b",
        "(?:맥박|심박|심박수|심장박동|워치|스마트워치|애플워치)(?:이|가|은|는|를|수가)?.{0,8}?(?:1[5-9]\\d|2\\d\\d)(?:$|[^\\d/])|(?:심장|맥박|심박)(?:이|가|은|는)?.{0,4}?분당(?:1[5-9]\\d|2\\d\\d)(?:$|[^\\d/])",
    ),
    c(
        "syncope",
        r"\bpassed out\b|\bblacked out\b|\bfainted\b|\bkeeled over\b|\bcollapsed\b|\blost consciousness\b|\bcame (?:round|around)\b|\bcame to (?:after|again|a few|in a|within)\b|\bcame to[.,;!]",
        "기절(?:했|해서|하더|을했|해버)|실신(?:했|해)|(?:정신|의식)을잃(?:었|고)|쓰러졌|쓰러져서|쓰러지더|필름이끊",
    ),
    // Fainting during exertion (ESC syncope: high risk, an arrhythmia or a blocked outflow until
    // shown otherwise); fainting at the sight of blood or a needle is the common harmless kind.
    c(
        "exertional_syncope",
        r"\b(?:fainted|fainting|faints|pass(?:ed|es)? out|passing out|collaps\w*|black(?:ed|s)? out|went down)\b[^.!?\n]{0,25}?\b(?:while|during|mid|in the middle of|when (?:he|she|i|they) (?:was|were) )[- ]?(?:\w+ ){0,2}?(?:running|run|exercis\w*|sprint\w*|playing|training|pe|gym|football|soccer|basketball|rugby|swimming|working out|race|match|game|practice|cycling|jogging)\b|\b(?:while|during|mid)[- ](?:\w+ ){0,2}?(?:running|exercis\w*|sprint\w*|training|pe|race|match|game|practice|football|soccer|basketball|jogging|cycling|working out)\b[^.!?\n]{0,30}?\b(?:fainted|passed out|collapsed|blacked out|went down)\b|\b(?:fainted|passed out|collapsed|blacked out)\b (?:at|during|in|on|near the end of|after) (?:\w+ ){0,5}?(?:practice|training|race|match|game|pe|gym class|football|soccer|basketball|rugby|track|cross country|lap|run|marathon|tournament)\b",
        "(?:운동|달리기|뛰|축구|농구|배구|체육|수영|훈련|마라톤|조깅|경기|시합|헬스|자전거)(?:을|를)?(?:하)?(?:다가|던중|는중|도중|중에|중|하다|시간에)(?:에)?.{0,8}?(?:쓰러지|쓰러졌|쓰러져|기절|실신|정신을잃|의식을잃|픽)",
    ),
    c(
        "vasovagal",
        r"\b(?:giving|gave|having|had|getting|got) (?:my |his |her |their )?blood (?:taken|drawn|tests?)\b|\bblood (?:draws?|tests?|taken)\b|\bsight of (?:blood|needles?)\b|\bneedle (?:phobi\w*|fear)\b|\bwhen (?:she|he|i|they) sees? (?:blood|a needle|needles)\b",
        "채혈|피(?:를)?뽑|피검사|(?:피|주사|바늘)(?:만|를|을)?보면",
    ),
    // A known aneurysm, or a belly seen or felt throbbing (NHS: a pulsing lump with back pain -> 999).
    c(
        "aneurysm",
        r"\baneurysm\w*|\baaa\b|\bpulsat\w* (?:lump|mass|swelling)\b|\b(?:belly|stomach|tummy|abdomen)\W+(?:\w+\W+){0,4}?(?:pulsing|pulsating|throbbing like a heartbeat)\b",
        "동맥류|배(?:가|에서|한가운데가|가운데가|한가운데서)?.{0,6}?(?:벌렁벌렁|불룩불룩|펄떡펄떡|쿵쿵)(?:뛰|거리)",
    ),
    c(
        "visual_disturbance",
        r"\bflash\w* lights?\b|\blights? flashing\b|\bzig ?zags?\b|\b(?:see|seeing|saw) (?:spots|stars|floaters)\b|\bsparkl\w*|\bspots (?:in|before) (?:my|her) eyes\b|\bblurr\w*|\bseeing stars\b|\bcan(?:'?t|not) see (?:clear|clearly|properly|straight|well)\b|\b(?:look|looks|looking|like) (?:a )?snow(?:y|storm)?\b|\bfoggy vision\b",
        "번쩍|반짝|아른|흐릿|뿌옇|뿌예|지그재그|별이보|눈앞(?:에|이)?.{0,4}?(?:점|날파리|벌레|별|불빛)",
    ),
    c("blistering", r"\bblister\w*", "물집"),
    // A static shock from a car door or a jumper is harmless.
    c("static_shock", r"\bstatic\b", "정전기"),
    // Home-made or bootleg spirits may hold methanol: harmless until sight, breathing or mind change.
    c(
        "toxic_alcohol",
        r"\bhome ?made (?:\w+ ){0,2}?(?:spirits|alcohol|vodka|liquor|booze|moonshine|brandy|whisk(?:e)?y|rum|soju|arak|rakija|rakia|palinka|chacha|tequila|gin|lao lao|lao khao)\b|\bmoonshine\b|\bbootleg\w*|\bmethanol\b|\bhooch\b|\bpoitin\b|\bsamogon\b|\b(?:fake|counterfeit|street|unlabell?ed|unmarked) (?:vodka|alcohol|liquor|spirits|booze|whisk(?:e)?y|rum|gin)\b|\bhome[- ]?distilled\b",
        "밀주|메탄올|공업용알코올|집에서(?:담근|만든|내린)(?:술|소주|증류주)|가짜(?:양주|보드카|술)",
    ),
    // Named injuries and exposures that need the emergency department whatever else is said
    // (KTAS major trauma, envenomation, toxic inhalation; NICE NG134 anaphylaxis after adrenaline).
    c(
        "gunshot",
        r"\b(?:been|got|was|were|is|just|being) shot\b|\bgun ?shot\w*|\bshot (?:in|through) (?:the|his|her|my) (?:chest|leg|arm|head|stomach|belly|back|neck|shoulder|side)\b|\bbullet wound\b",
        "(?:^|[^면물감탄프b])총(?:에맞|맞)|총상|총알(?:이|에)",
    ),
    c(
        "stab_wound",
        r"\b(?:stab|knife) wounds?\b|\bstabbed\W+(?:\w+\W+){0,5}?(?:in|into|through) (?:the |his |her |my |their )?(?:chest|belly|stomach|abdomen|side|neck|gut|ribs?|torso|tummy|lung|groin|thigh)\b|\b(?:got|been|was|were) stabbed (?:at|during|in a|by (?:a|some|his|her|the) (?:guy|man|men|stranger|someone|attacker|mugger|robber))\b|\b(?:got|been|was|were|is|just) stabbed (?:in|on) (?:the |his |her |my )?(?:lower |upper )?(?:back|flank|kidney|shoulder|buttock|butt|arm|leg|face|head)\b",
        "(?:배|복부|가슴|옆구리|등|목|허리|흉부)(?:를|을|에|쪽을|쪽에)?(?:칼|흉기|송곳)?(?:에|로)?(?:찔렸|찔려|찔린)|(?:칼|흉기|송곳)(?:에|로)(?:배|복부|가슴|옆구리|등|목|허리)(?:를|을|쪽을)?(?:찔렸|찔려|찔린)|흉기에(?:찔|맞)",
    ),
    c(
        "hanging",
        r"\bfound (?:him|her|them|my \w+|our \w+) hanging\b|\bcut (?:him|her|them) down\b|\bhanged (?:him|her)self\b|\btried to hang (?:him|her|my)self\b|\bnear[- ]hanging\b",
        "목을매|목매|목맨|목을맨",
    ),
    c(
        "snake_bite",
        r"\bsnake ?bit\w*|\bbit(?:ten)? by (?:a |an |some )?(?:\w+ )?snake\b|\bsnake\W+(?:\w+\W+){0,3}?bit\b|\b(?:adder|rattlesnake|viper|cobra) (?:bit|bite)\w*|\b(?:bit|bitten|struck)\W+(?:\w+\W+){0,5}?(?:by|from) (?:a |an |some |the )?(?:\w+ )?(?:snake|rattler|rattlesnake|copperhead|cottonmouth|moccasin|adder|viper|cobra|mamba|taipan|krait)\b|\b(?:rattlesnake|rattler|copperhead|cottonmouth|moccasin|adder|viper|cobra|mamba|taipan|krait)\W+(?:\w+\W+){0,4}?(?:bit|bites|bitten|struck)\b",
        "(?:뱀|독사|살모사|구렁이|능구렁이|까치살모사)(?:에|한테|에게|이|가)[^.]{0,6}?(?:물렸|물려|물린|물리셨|물리셔|물리신|물리고|물었|물어서)|물(?:렸|린)[^.]{0,16}?뱀|(?:^|[^중소])독사|살모사|반시뱀",
    ),
    c(
        "toxic_gas",
        r"\bbleach (?:and|with|&) ammonia\b|\bmix\w* (?:bleach|cleaning products|chemicals)\b|\bchlorine gas\b|\b(?:toxic|chemical|poisonous) (?:gas|fumes)\b|\bgas leak\b[^.]{0,40}\bbreath\w*|\bbreath\w* in (?:\w+ ){0,2}?(?:fumes|gas|chlorine)\b|\bfumes at work\b",
        "유독가스|독가스|염소가스|유해가스|락스(?:랑|와|하고|에|를).{0,12}섞|가스(?:를|가)?(?:마시|마셨|들이마|새)",
    ),
    c("pufferfish", r"\bpuffer ?fish\b|\bfugu\b|\bblowfish\b", "복어|복요리|복국|복탕"),
    c(
        "pesticide",
        r"\bpesticide\w*|\binsecticide\w*|\bherbicide\w*|\bweed ?killer\b|\bparaquat\b|\borganophosph\w*|\bcrop spray\w*",
        "농약|제초제|살충제|그라목손|파라콰트",
    ),
    // Adrenaline from an auto-injector given: the reaction may return when it wears off.
    c(
        "adrenaline_given",
        r"\b(?:used|injected|jabbed|administered|had to use|gave (?:him|her|them|my \w+|our \w+|the \w+))\b[^.]{0,30}\b(?:epi ?pens?|epinephrine|adrenaline|auto-?injector)\b|\b(?:epi ?pen|epinephrine|adrenaline|auto-?injector)\b[^.]{0,15}\b(?:used|injected|in (?:her|his|my) (?:leg|thigh))\b|\b(?:gave|did|jabbed|stuck|injected|used) (?:him|her|them|my \w+|our \w+) (?:the |his |her |my |their |an? |one )?(?:epi ?pens?|epinephrine|adrenaline|auto-?injector)\b|\b(?:we|i|mum|mom|dad|they|he|she|the (?:teacher|nurse|school|paramedics?|ambulance|crew)) (?:just |already )?(?:gave|did|jabbed|stuck|injected|used) (?:the |his |her |my |their |an? |one )?(?:epi ?pens?|epinephrine|adrenaline|auto-?injector)\b",
        "(?:에피펜|에피네프린|아드레날린|자가주사)(?:을|를|주사를|주사)?(?:맞았|맞췄|맞혔|놨|놓았|놔줬|놓아줬|찔렀|꽂았|주사했|썼|사용했|투여했)",
    ),
    // --- a mind turned against self or others (KTAS psychiatric: danger to others (1-2)) ---
    c(
        "psychotic",
        r"\b(?:seeing|sees|saw) (?:\w+ ){0,2}?(?:bugs|insects|spiders|snakes|rats|mice|ants)\b[^.!?\n]{0,30}?\b(?:on|in|crawling|all over|coming out of) (?:the |his |her |my )?(?:walls?|ceiling|skin|bed|floor|sheets)\b|\b(?:picking|brushing|swatting|pulling) (?:at |off )?(?:invisible|imaginary) (?:bugs|insects|things)\b|\bhearing voices\b|\bhears? voices\b|\bvoices? (?:in (?:his|her|my) head )?(?:are |is )?(?:telling|tell|told|saying|ordering)\b|\bhallucinat\w*|\bparanoid\b|\b(?:see|sees|seeing|saw)\b (?:\w+ ){0,2}?(?:bugs|insects|spiders|snakes|rats|things|people|faces)\b[^.!?\n]{0,40}?\b(?:aren'?t|isn'?t|wasn'?t|weren'?t|not) (?:really )?there\b|\b(?:tv|television|radio)\b[^.!?\n]{0,20}?\b(?:sending (?:him|her|me|them) (?:messages|signals)|talking to (?:him|her|me))\b|\bbefore (?:the \w+|they|he|she) gets? (?:him|her|me|them)\b|\bthinks? (?:everyone|people|we|they|i) (?:is |are |am )?(?:out to get|trying to kill|poisoning)|\bimpost[eo]rs?\b|\breplaced (?:by|with) (?:an? )?(?:double|fake|robot|clone)\b|\b(?:thinks?|says|saying|convinced|believes?) (?:that )?(?:she|he|they) (?:can|could) fly\b|\b(?:convinced|thinks?|believes?|says|saying|sure) (?:that )?(?:the |our |his |her |my )?(?:neighbou?rs?|everyone|people|someone|they|government|police|fbi|family|we|i)\b[^.!?\n]{0,25}?\b(?:poison\w*|spying|watching|following|out to get|trying to kill|demons?|devils?|bugging)",
        "목소리가(?:들린|들려|들렸)|환청|환각|헛것|(?:벌레|거미|뱀|쥐)(?:가|들이)?.{0,8}?(?:기어다|기어가|보인다|보여|있다고)|(?:아무도없는데|구석에)누가|누가(?:자기|나|저)?(?:를|을)?(?:죽이|쫓아|감시)|도청|미행|한패|독을(?:탔|넣)|독(?:을)?(?:탔|탄다|탄대|탄다고|타서|넣는|넣었|넣는다)|독살|(?:자기|나|저)(?:를|을)?(?:죽이려|해치려|독살)|(?:악마|귀신)(?:가|이)?(?:씌|들렸)|피해망상",
    ),
    c(
        "weapon",
        r"\bknife\b|\bknives\b|\bmachete\b|\bgun\b|\bweapon\b|\baxe\b|\bhammer\b|\bscissors\b|\bscrewdriver\b|\bcrowbar\b|\bbaseball bat\b|\bbroken bottle\b",
        "칼(?:을|로|이랑|하고|들|을들)|부엌칼|식칼|흉기|낫(?:을|들)|망치(?:를|로)|(?:망치|몽둥이|야구방망이|방망이|도끼|쇠파이프|낫)(?:을|를|로)?(?:들|쥐|휘)|가위(?:를|로)?(?:들|휘)",
    ),
    c(
        "threatening",
        r"\bthreaten\w*|\bbarricad\w*|\blocked (?:himself|herself|themselves) in\b|\bhurt (?:someone|somebody|us|people|our \w+|my \w+|his \w+|her \w+)\b|\bkill (?:us|everyone|them|him|her|me|my \w+|our \w+|his \w+|her \w+)\b|\bwaving (?:a|the|his|her)\b|\bthrew (?:a|the|his|her) \w+ at\b|\b(?:trying|tried|going) to (?:get|climb|jump) out (?:of )?(?:the |a )?(?:\w+ )?window\b|\b(?:has|have|going|gonna|needs?) to '?(?:deal with|stop|punish|get)'? (?:them|him|her|the \w+)\b",
        "위협|죽여버[리린릴려렸]|죽여(?:버릴|놓|줄)|죽이겠|죽인다|다죽|해치|(?:방문|문)을?(?:막|잠그고안)|바리케이드|휘두르|휘둘|찌른다|찌를거|찔러버|찌르겠|(?:방문|문)(?:을)?(?:부수|부숴|부술|때려부)|혼내주겠|혼내준다|가만두지않|가만안두",
    ),
    // --- a collision (KTAS trauma: mechanism of injury) ---
    c(
        "collision",
        r"\b(?:car|road|traffic|motorbike|motorcycle|bike|bus) (?:crash|accident|collision|wreck)\b|\bcrash(?:ed)? (?:my|the|his|her|our) (?:car|bike|motorbike)\b|\bcar crash\b|\brear[- ]ended\b|\bhit by a (?:car|bus|truck|van|lorry)\b|\bhead[- ]on\b|\bcollision\b|\bseat ?belt\b|\b(?:clipped|struck|knocked (?:down|over)|run over|hit) by (?:a |the )?(?:car|bus|truck|van|lorry|motorbike|taxi)\b|\b(?:came|come|fell|thrown|flew|went) off (?:his|her|my|their|the|a) (?:motor ?bike|motorcycle|scooter|moped|dirt ?bike|bike)\b|\bhandlebars?\b",
        "교통사고|차사고|자동차사고|추돌|충돌사고|접촉사고|차에치|오토바이사고|안전벨트|(?:오토바이|자전거|킥보드|스쿠터|차)(?:를|로)?(?:타다가|타고가다가|몰다가|운전하다가).{0,10}?(?:박았|들이받|부딪혔|치였|받혔)|(?:가로등|전봇대|가드레일|중앙분리대)(?:을|에|이랑)?(?:박|들이받|부딪)|(?:오토바이|자전거|킥보드|스쿠터|자동차|승용차|택시|트럭|버스|화물차|덤프|레미콘|탑차|승합차|봉고|뒤차|앞차)(?:로|가|랑|와|하고|를|에|끼리)?.{0,16}?(?:부딪혔|부딪쳤|부딪히|들이받|받혔|치였|충돌|박았|박아서|박는바람)|차(?:랑|와|하고|에)(?:부딪|받혔|치였)|핸들(?:에|에다|로)?.{0,6}?(?:찍|부딪|박|맞)",
    ),
    // Pain on breathing (chest wall or lung injury after a blow).
    c(
        "pleuritic",
        r"\bhurts? (?:to|when (?:i|he|she|they)) breath\w*|\bpain(?:ful)? (?:when|on) breathing\b|\bbreathing hurts\b",
        "숨(?:쉴때|쉬면|을쉴때|쉬기가|을쉬면|들이쉴때)(?:마다)?.{0,4}?(?:아[프파픈퍼팠]|결리|찌르|통증)",
    ),
    c(
        "side_pain",
        r"\bholding (?:his|her|my|their) (?:left |right )?(?:side|ribs|belly|stomach|tummy)\b|\bpain in (?:his|her|my|their) (?:left |right )?side\b|\b(?:left|right) side (?:hurts|pain)\b",
        "옆구리(?:가|를|쪽이)?.{0,6}?(?:아[프파픈퍼팠]|통증|부여잡|붙잡)",
    ),
    // A slow heart: said so, or a pulse under 50 (ESC bradycardia with syncope).
    c(
        "slow_pulse",
        r"\b(?:pulse|heart ?rate|heart ?beat|heart) (?:is |was |has been )?(?:really |very |so |too |super )?(?:slow|low)\b|\b(?:pulse|heart ?rate|hr)\W+(?:\w+\W+){0,6}?[1-4]\d\b|\b[1-4]\d ?(?:bpm|(?:beats )?(?:a|per|each) min\w*)|\bbradycard\w*",
        "맥박(?:이|은|가)?(?:너무|엄청|많이|아주)?(?:느리|느려|느린|낮)|심장이(?:너무)?(?:느리|느려)|서맥|맥박(?:이|은|가)?(?:자꾸|계속|갑자기|지금|또)?[1-4][0-9](?:밖|정도|회|번|bpm|[^0-9]|$)",
    ),
    // Worse with walking, a bump or a cough: peritoneal irritation (appendicitis).
    c(
        "worse_moving",
        r"\bworse (?:when|if|as) (?:i |he |she |they )?(?:walk|mov|cough|jump|go over)\w*|\bworse (?:with|on) (?:walking|moving|movement|coughing)\b|\bhurts? (?:to|when (?:i|he|she)) (?:walk|move|cough|jump)\w*|\bcan'?t (?:walk|stand) (?:up )?straight\b",
        "걸을때|걸으면|걷기(?:가|도)?(?:힘|어려|아파)|걸으니|움직이면|움직일때|기침하면|기침할때|뛰면|덜컹|허리를못펴",
    ),
    // --- epiglottitis (NICE: drooling, muffled voice, cannot swallow -> 999, do not examine the throat) ---
    c(
        "drooling",
        r"\bdrool\w*|\bdribbl\w*|\bcan'?t (?:even )?swallow (?:\w+ )?(?:own )?(?:spit|saliva)\b",
        "침을?(?:질질|줄줄|계속)?흘|침(?:을|도)?(?:못|삼키지못|삼킬수)",
    ),
    c(
        "muffled_voice",
        r"\bmuffled\b|\bhot potato\b|\bvoice (?:\w+ )?(?:sounds? )?(?:weird|strange|funny|thick|muffled)\b",
        "목소리가(?:먹먹|막힌|이상|뭉개|웅얼|답답)|목소리가[^.]{0,18}?(?:먹먹|웅얼|뭉개)|(?:입에|입안에)(?:뭐|뭔가|뜨거운거|감자)?(?:를|가)?(?:물고|문것처럼|머금)|웅얼거|입에뭔가(?:문|물)|먹먹한목소리",
    ),
    c(
        "cant_swallow",
        r"\b(?:can'?t|cannot|unable to|won'?t) (?:even )?(?:\w+ ){0,4}?(?:or |and )?swallow\b|\b(?:hard|painful|impossible) to swallow\b",
        "못삼키|삼키지(?:를)?못|삼킬수(?:가)?없|삼키기(?:가|도|조차)?(?:너무|좀|많이)?(?:힘|어려|불가)|못넘기|넘기지(?:를)?못",
    ),
    // Tired, dry or blurry eyes after hours at a screen: eye strain, for rest, not a doctor today.
    c(
        "screen_strain",
        r"\beye ?strain\b|\bdry eyes?\b|\b(?:staring at|looking at|on) (?:a |the |my )?(?:screens?|computer|monitor|laptop|phone)\b|\bscreens? all day\b|\bscreen time\b",
        "모니터|컴퓨터|스마트폰|핸드폰|휴대폰|화면을|눈(?:이)?(?:피로|뻑뻑|건조)|안구건조",
    ),
    // --- labour before term (NHS: waters breaking before 37 weeks, a cord or a baby coming -> call now) ---
    c(
        "waters_broke",
        r"\bwaters? (?:has |have |just |may have |might have )?(?:broke|broken|breaking|went|gone|burst)\b|\b(?:my|her) water\b|\bleak\w* (?:\w+ ){0,2}?(?:amniotic )?fluid\b|\bamniotic\b|\bgush\w* (?:of )?(?:clear |warm )?(?:fluid|water|liquid)\b|\b(?:fluid|water|liquid) (?:\w+ ){0,2}?(?:gush\w*|trickl\w*|pour\w*) (?:out|down)\b|\bruptured membranes\b",
        "양수(?:가|이|같은|인지|가조금씩)?.{0,8}?(?:터|샌|새|흘|나와|나온|나왔|비치|줄줄|쏟아)|양막|(?:밑|아래|다리사이)(?:에서|로)?.{0,4}?물(?:이|같은게|같은것이)?.{0,6}?(?:주르륵|줄줄|왈칵|흘러|흐르|쏟|터|새)|물(?:이)?터(?:졌|지|져)|물이(?:쫙|콸콸|주르륵|왈칵|펑)",
    ),
    c(
        "preterm",
        r"\b(?:1\d|2\d|3[0-6]) ?(?:weeks?|wks?|w)\b|\b(?:second|2nd) trimester\b|\bpre-?term\b|\bpremature\w*|\btoo early\b|\bnot due (?:for|until|till)\b|\b(?:five|six|seven|eight|5|6|7|8) months (?:pregnant|along)\b",
        "(?:임신)?(?:1\\d|2\\d|3[0-6])주|임신(?:중기|[5-8]개월|오개월|육개월|칠개월|팔개월)|[5-8]개월(?:째|차)|조산|예정일(?:이|은|까지)?.{0,8}?(?:멀|남았|한참|아직|[2-9]주|\\d+주나)",
    ),
    c(
        "birth_imminent",
        r"\bcord\W+(?:\w+\W+){0,3}?(?:coming out|hanging|out of|outside|sticking out|visible|i can see|between (?:my|her) legs|in (?:my|her) vagina)|\bloop of (?:the )?(?:umbilical )?cord\b|\b(?:feel|see|felt|saw) (?:the |a )?(?:umbilical )?cord\b|\bcrowning\b|\b(?:baby'?s|the|his|her) head (?:is )?(?:coming out|visible|out|showing|crowning)\b|\bbaby(?:'s| is) (?:coming|coming out|being born) (?:right )?now\b|\b(?:feel|see|felt|saw|touch) (?:the |its |the baby'?s )?head\b|\bcontractions (?:\w+ ){0,2}?(?:1|one|2|two) min\w* apart\b|\b(?:urge|need|have) to push\b|\bcan'?t stop pushing\b",
        "탯줄(?:이|가)?.{0,8}?(?:나왔|보여|보이|나와|빠져|내려)|아기(?:의)?머리(?:가)?(?:보여|보이|나와|나오)|힘(?:을)?주고싶|힘이(?:저절로|막)들어가|아기가(?:지금|막)?나오려",
    ),
    // --- severe drug reaction of the skin (Stevens-Johnson / TEN: NHS -> A&E now) ---
    c(
        "skin_peeling",
        r"\bskin\W+(?:\w+\W+){0,4}?(?:peel\w*|slough\w*|coming off|comes off|slides off|slid off|slipping off|falling off|shedding|sheets)|\bpeel\w* (?:off )?(?:in )?(?:sheets|big pieces|layers)\b|\b(?:blisters?|blistering) (?:\w+ ){0,3}?(?:all over|spreading|everywhere|whole body|chest and back|my body)\b|\bskin (?:\w+ ){0,2}?(?:burn\w*|blister\w*) (?:all over|everywhere)\b",
        "피부(?:가|껍질이|껍질)?.{0,8}?(?:벗겨|허물|벗어|떨어져나|일어나|까지|까져|까졌|까진|훌렁)|(?:온몸|전신|몸전체|몸)(?:에|이|이랑)?.{0,8}?물집",
    ),
    c(
        "mucosal_sores",
        r"\b(?:sores?|ulcers?|blisters?|raw) (?:\w+ ){0,3}?(?:in|inside|on|around) (?:my|his|her|the) (?:mouth|lips|eyes|genitals|privates)\b|\bmouth (?:\w+ ){0,2}?(?:sores|ulcers|blisters|raw|bleeding)\b|\blips (?:\w+ ){0,3}?(?:crust\w*|blister\w*|bleeding|peel\w*|cracked and bleeding)\b|\beyes (?:\w+ ){0,3}?(?:burning|red and sore|crust\w*)|\b(?:mouth|lips)\b[^.!?\n]{0,20}?\b(?:raw|sores|ulcers|blistered|blistering)\b|\beyes? (?:are |is )?(?:all )?red and (?:stinging|burning|sore|crusted|crusty)\b",
        "입안(?:이|에|도|까지)?.{0,6}?(?:헐|다헐|물집|궤양|피)|입술(?:이|에|도)?.{0,6}?(?:물집|헐|갈라|피딱지|벗겨|짓무)|눈(?:이|도)?.{0,4}?(?:충혈|빨갛|따갑|화끈|눈꼽)|생식기(?:에|도)?.{0,6}?(?:헐|물집)",
    ),
    c(
        "new_drug",
        r"\b(?:new|started|starting|began|beginning|just (?:started|took|taking)) (?:\w+ ){0,3}?(?:med\w*|drugs?|pills?|tablets?|antibiotics?|prescription)\b|\b(?:after|since) (?:\w+ ){0,2}?(?:taking|starting) (?:\w+ ){0,2}?(?:med\w*|pills?|tablets?|antibiotics?)|\bantibiotics?\b|\ballopurinol\b|\blamotrigine\b|\bcarbamazepine\b|\bphenytoin\b|\bsulfa\b|\bbactrim\b",
        "새로(?:운|받은|먹은|바꾼)?약|약(?:을|먹기)?.{0,6}?(?:먹기시작|먹고나서|먹은뒤|먹은후|먹고부터|복용후|바꾸|바꾼|바꿨|처방받)|항생제|통풍약|알로푸리놀|라모트리진|카바마제핀",
    ),
    // --- priapism (KTAS genitourinary, level 2): an erection that will not go down for hours ---
    c(
        "priapism",
        r"\bpriapism\b|\berection\W+(?:\w+\W+){0,12}?(?:\d+|two|three|four|five|six|several|many|few) (?:hours?|hrs?)\b|\berection\W+(?:\w+\W+){0,4}?(?:won'?t|will not|isn'?t|not) (?:go(?:ing)? (?:down|away)|subsid\w*)|\b(?:hard|erect) (?:for|since) (?:\d+|hours|hrs|several|many|four|five|six)",
        "지속발기|발기(?:가|된게|상태가|된상태로|된상태가)?.{0,10}?(?:안(?:가라앉|풀|죽)|[2-9]시간|네시간|다섯시간|몇시간|여러시간|계속|풀리지)",
    ),
    // --- deep neck infection (Ludwig's angina, peritonsillar abscess: swelling that closes the airway) ---
    c(
        "neck_swelling",
        r"\b(?:neck|jaw|under (?:my|his|her|the) (?:tongue|jaw|chin)|floor of (?:the|my|his|her) mouth|gums?|one side of (?:my|his|her|the) (?:throat|face|jaw|neck))\W+(?:\w+\W+){0,4}?(?:swell\w*|swollen|puff\w*|bulg\w*)|\bswollen (?:\w+ ){0,2}?(?:neck|jaw|throat)\b|\b(?:can'?t|cannot) open (?:my|his|her) mouth\b|\blockjaw\b|\bswelling (?:\w+ ){0,3}?(?:under|below|beneath) (?:my|his|her|the) (?:jaw|chin|tongue)\b|\btongue (?:is )?(?:pushed|lifted) up\b",
        "(?:목|턱|턱밑|턱아래|혀밑|혀아래|잇몸|편도|한쪽목|얼굴한쪽)(?:이|가|이랑|까지|쪽이)?.{0,6}?(?:부었|붓|부어|퉁퉁|부풀)|입(?:을|이)?(?:못벌|안벌|벌리기(?:가)?(?:힘|어려)|벌어지지)",
    ),
    // --- crush injury (KTAS trauma; NHS: crush syndrome, compartment syndrome -> 999) ---
    c(
        "crushed",
        r"\bcrushed\b|\bcrush (?:injury|injuries)\b|\b(?:trapped|pinned|stuck|lay|lying) (?:\w+ ){0,2}?(?:under|beneath|between)\b|\b(?:fell|came down|landed|collapsed)\b[^.!?\n]{0,20}?\b(?:on|onto) (?:his|her|my|their) (?:[\w']+ ){0,2}?(?:legs?|arms?|chest|body|thighs?|feet|foot|pelvis)\b",
        "깔리|깔렸|깔려|깔린|짓눌|(?:기계|프레스|롤러|컨베이어|문)에(?:팔|손|다리)?(?:이|가)?(?:끼|말려)|빠져나오지(?:를)?못",
    ),
    // Urine the colour of cola or strong tea after a crush or a long lie (rhabdomyolysis).
    c(
        "dark_urine",
        r"\b(?:pee|urine|wee)\b[^.!?\n]{0,20}?\b(?:dark brown|brown|cola|coke|tea[- ]colou?red|black)\b|\b(?:cola|coke|tea|brown)[- ]colou?red (?:pee|urine|wee)\b",
        "(?:소변|오줌)(?:이|색이|색깔이|이색이)?.{0,6}?(?:콜라|갈색|검붉|간장|흑갈색|시커멓|까맣)",
    ),
    // A limb swollen tight, or pain far past the injury (compartment syndrome).
    c(
        "tense_swelling",
        r"\bswollen (?:\w+ )?(?:tight|rock hard|hard)\b|\b(?:tight|hard) and swollen\b|\bpain (?:is )?(?:way |much |far )?(?:worse|more) than (?:it should|expected|it ought)|\bout of proportion\b|\bbeyond what (?:the )?painkillers\b",
        "(?:터질듯|팽팽하게|딴딴하게|단단하게|돌처럼)(?:부|붓)|(?:진통제|약)(?:를|을|도)?.{0,6}?(?:안들|소용없|안먹혀)",
    ),
    // --- strangulation (NHS / Faculty of Forensic and Legal Medicine: non-fatal strangulation) ---
    c(
        "strangled",
        r"\bstrangl\w*|\bchoked (?:me|him|her|them)\b|\b(?:hands?|arm|rope|belt|cord|scarf) (?:\w+ ){0,2}?(?:around|round) (?:my|his|her|their) (?:neck|throat)\b|\bchoke ?hold\b",
        "목(?:을|이)?(?:졸|조르|조른|졸라|졸랐|졸렸|졸린|졸려)|목조름",
    ),
    // Redness spreading from a wound or bite, or red streaks up the limb (lymphangitis).
    c(
        "spreading_redness",
        r"\bred (?:streaks?|lines?)\b|\bstreaks? (?:going|running|spreading|creeping) up\b|\bredness (?:is |keeps )?(?:spreading|creeping|moving|tracking) (?:up|up my|up his|up her)\b|\bredness\W+(?:\w+\W+){0,3}?spreading\b",
        "(?:빨간|붉은|벌건)(?:줄|선)(?:이|가)?.{0,8}?(?:올라|생기|뻗)|(?:빨갛게|붉게|벌겋게)(?:번지|퍼지|올라)|붉은기(?:가)?.{0,4}?(?:번지|퍼지)",
    ),
    // A collapsed lung, named (a past one makes the same pain now likely another).
    c("pneumothorax", r"\bpneumothora\w*|\bcollapsed lung\b|\blung (?:collapsed|collapse)\b", "기흉|폐(?:가)?(?:쪼그라|찌그러|터졌)"),
    // --- priapism: an erection, said plainly or not, that will not go down ---
    c(
        "erection",
        r"\berections?\b|\berect\b|\bstiffy\b|\bboner\b|\bhard[- ]on\b|\bpenis\b|\bdick\b|\bviagra\b|\bcialis\b|\bsildenafil\b|\btadalafil\b|\b(?:pill|tablet|something|meds?) for (?:ed|erectile)\b",
        "발기|비아그라|시알리스|실데나필|타다라필|(?:거기|고추|성기|음경)(?:가|이)",
    ),
    neg(
        "wont_go_down",
        r"\b(?:won'?t|wont|will not|isn'?t|hasn'?t|not|doesn'?t|didn'?t) (?:go(?:ing|ne)? (?:down|away|soft)|subsid\w*|soften\w*)\b",
        "안(?:가라앉|풀|죽)|가라앉지(?:를)?않|풀리지(?:를)?않|죽지(?:를)?않",
    ),
    // Something like a cord felt or seen after the waters broke (cord prolapse: NHS 999).
    c(
        "cord_seen",
        r"\b(?:something|a loop|a rope|a string)\b[^.!?\n]{0,20}?\b(?:coming out|hanging out|sticking out|between my legs)\b",
        "(?:끈|(?:줄|탯줄)같은)(?:게|것|거|이|가)?.{0,6}?(?:만져|나와|나왔|삐져|보여|보이|내려와|튀어나)|탯줄(?:인|같)",
    ),
    c(
        "drowsy",
        r"\bdrows\w*|\bsleepy\b|\bcan'?t (?:stay awake|keep (?:his|her|my) eyes open)\b|\b(?:nodding|drifting) off\b",
        "졸리|졸려|졸음|자꾸졸|꾸벅|눈을못뜨|눈만겨우|겨우눈(?:을|만)?(?:뜨|떠)",
    ),
    // A spell of minutes today ("아까 10분정도", "for like 10 min this morning"): a stroke sign told
    // over by now was a TIA if it happened within hours (NHS: 999 even if the signs have gone).
    c(
        "brief_spell",
        r"\bfor (?:like |about |around |maybe |roughly |almost |nearly |a good |only |just )?(?:\d+|a few|few|a couple(?: of)?|five|ten|fifteen|twenty|thirty)(?:-\d+)? ?(?:min\w*|mins?)\b|\b(?:\d+|a few|few|five|ten|fifteen|twenty|thirty) ?(?:min\w*|mins?) (?:ago|later)\b",
        "(?:\\d+|한|두|세|몇|십|이십|삼십|오|십오)분(?:정도|쯤|동안|가량|간|남짓|이상)|(?:\\d+|몇|십|이십|삼십|오|십오)분(?:쯤|정도|이|만에)?(?:지나|있다가|후에|뒤에)",
    ),
    // Today, told as the time of an episode ("아까", "점심 드시다가", "this morning", "at dinner").
    c(
        "today_word",
        r"\bthis (?:morning|afternoon|evening)\b|\bearlier (?:today|tonight|this \w+)\b|\b(?:at|during|over|after) (?:dinner|lunch|breakfast|supper)\b|\bsince (?:dinner|lunch|breakfast)\b|\btoday\b|\btonight\b|\b(?:an?|one|two|\d+) hours? ago\b",
        "아까|오늘|방금|(?:점심|저녁|아침|오전|오후)(?:에|때|먹|드시|식사|부터|까지)|(?:한|두|세|몇|\\d+)시간전",
    ),
    // Dated long ago, or told as something that has happened before ("쓰러진 적이 있는데", "used to"):
    // what a brief spell then tells is history, not a TIA now.
    c(
        "long_ago",
        r"\b(?:\d+|a|one|two|three|four|five|few|several|many) (?:years?|months?|weeks?) ago\b|\blast (?:year|month|week|summer|winter|spring|fall|autumn)\b|\bin (?:19|20)\d\d\b|\byears back\b|\bin the past\b|\bhistory of\b|\bused to\b|\bas a (?:kid|child|teen\w*)\b|\bwhen (?:i|he|she) was (?:\d+|little|young|a kid)\b",
        "작년|재작년|지난(?:달|주|해|번|여름|겨울|봄|가을)|저번(?:달|주)|적(?:이|은)?(?:있|한번|몇번|여러번)|(?:\\d+|몇|한|두|세|네|다섯)(?:년|개월|달|주)(?:전|째)|예전|옛날|어릴때|어렸을때",
    ),
    // Screaming in bouts with the legs drawn up: a baby's colicky pain (intussusception, NHS).
    c(
        "pain_bouts",
        r"\bscream\w* (?:in (?:fits|bouts|waves)|every \d+|on and off|then (?:stops|settles|calm\w*))|\b(?:pull\w*|draw\w*|bring\w*) (?:his |her |their |the )?(?:legs|knees) up\b|\b(?:fits|bouts|episodes|waves) of (?:screaming|crying|inconsolable)\b",
        "다리를(?:배쪽으로|배로|가슴쪽으로)?(?:끌어올|오므리|웅크|구부리)|(?:\\d+분|몇분|\\d+~\\d+분)(?:마다|간격으로)[^.]{0,10}?(?:자지러|악을|비명|울|보채)|자지러지게(?:울|우)[^.]{0,10}?(?:그치|멈|괜찮|다시)",
    ),
    // A fish or chicken bone swallowed: with saliva that will not go down, stuck in the gullet (NHS: A&E).
    c(
        "swallowed_bone",
        r"\b(?:fish|chicken|meat) ?bones?\b|\bbone (?:is )?(?:stuck|caught|lodged) in (?:my|his|her|their|the) (?:throat|gullet)\b",
        "생선가시|(?:생선|닭|고기)뼈|가시(?:가|를)?(?:삼키|삼켰|걸려|걸렸|박혀|박혔)|뼈(?:가|를)?(?:삼키|삼켰|목에걸)",
    ),
    // Under the water and pulled out, told without the word drowning ("물에 잠겼다가 건졌는데", "가라앉아
    // 있는걸 건졌어요"): a flooded car park or a ring fished out is no person, so a rule wants a sign too.
    c(
        "submerged",
        r"\b(?:went|was|were|been|slipped|sank|sunk|disappeared) (?:\w+ ){0,2}?(?:under (?:the )?(?:water|surface)|to the bottom)\b|\bface ?down in (?:the )?(?:water|pool|bath|tub|pond)\b",
        "물(?:속)?에(?:잠겼|잠겨서|잠겨있|잠긴채|가라앉)[^!?]{0,25}?(?:건져|건졌|건지|꺼냈|꺼내|구했|구해|끌어올)|(?:가라앉아|잠겨)있(?:는|던)(?:걸|것을|애를|아이를|사람을)?[^.!?]{0,6}?(?:건져|건졌|꺼냈|구했)|물(?:속)?에(?:잠겼|가라앉았)(?:었|다가)",
    ),
    // Drink on board: slurred words after drinking are no stroke told in the past.
    c(
        "drunk",
        r"\bdrunk\b|\bhammered\b|\bwasted\b|\btipsy\b|\bhangover\b|\b(?:after|from) (?:a few |some |too many |several )?(?:drinks|beers|shots|glasses of wine|wine)\b",
        "술(?:을)?(?:마시|먹|드시|마셔|먹어|드셔|취)|취해서|취했|취하|만취|숙취|음주",
    ),
    // ACE inhibitors: the lips, tongue or throat swelling on one is angioedema (NHS: 999).
    c(
        "ace_inhibitor",
        r"\b(?:ramipril|lisinopril|enalapril|perindopril|captopril|quinapril|benazepril|fosinopril|trandolapril|ace ?inhibitors?|ace-i)\b",
        "라미프릴|리시노프릴|에날라프릴|페린도프릴|캡토프릴|트리테이스|acei|ace억제제|안지오텐신전환효소",
    ),
    c(
        "lip_tongue_swelling",
        r"\b(?:tongue|lips?|throat|face|mouth)\W+(?:\w+\W+){0,3}?(?:swell\w*|swollen|puff\w*|blow\w* up|ballooned)|\bswelling (?:of|in|on) (?:the |my |his |her )?(?:tongue|lips?|throat|face)\b|\bswollen (?:tongue|lips?|face|throat)\b",
        "(?:혀|입술|얼굴|입)(?:이|가|랑|도|까지)?.{0,4}?(?:붓|부어|부었|부풀|퉁퉁)",
    ),
];

pattern!(collapsed_part, r"^\W+(?:lungs?|veins?|arch(?:es)?|trachea|windpipe|discs?|disks?)\b");
pattern!(about, r"^\w*\s+(?:about|by|whether|why|how|if|what|which|as to|with (?:the|my|this|all))\b");

/// A concept found in the message, with where and what the message says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    pub concept: &'static str,
    pub start: usize,
    pub end: usize,
    pub status: Status,
}

struct Compiled {
    id: &'static str,
    en: Regex,
    ko: Regex,
    /// Literals every match of `en` / `ko` holds one of ([`cues`]): without any, the regex is skipped.
    en_cues: Option<Vec<String>>,
    ko_cues: Option<Vec<String>>,
    negative_form: bool,
}

fn compiled() -> &'static [Compiled] {
    static CELL: OnceLock<Vec<Compiled>> = OnceLock::new();
    CELL.get_or_init(|| {
        CONCEPTS
            .iter()
            .map(|c| Compiled {
                id: c.id,
                en: Regex::new(c.en).unwrap_or_else(|e| panic!("{}: {e}", c.id)),
                ko: Regex::new(c.ko).unwrap_or_else(|e| panic!("{}: {e}", c.id)),
                en_cues: cues::cues(c.en),
                ko_cues: cues::cues(c.ko),
                negative_form: c.negative_form,
            })
            .collect()
    })
}

/// Every concept the message names, each with its status (affirmed, denied, asked about, ...).
pub fn mentions(view: &View) -> Vec<Mention> {
    spans(view)
        .into_iter()
        .map(|(concept, start, end)| Mention {
            concept: concept.id,
            start,
            end,
            status: status(view, start, end, concept.negative_form),
        })
        .collect()
}

/// Where the message names each concept (its byte spans), before anything is read of what it says.
fn spans(view: &View) -> Vec<(&'static Compiled, usize, usize)> {
    let mut found = Vec::new();
    for concept in compiled() {
        let cued = |cues: &Option<Vec<String>>, text: &str| cues.as_ref().is_none_or(|c| cues::any_in(c, text));
        let english = (view.has_latin && cued(&concept.en_cues, &view.lower))
            .then(|| concept.en.find_iter(&view.lower).map(|m| (m.start(), m.end())));
        let korean = (view.has_hangul && cued(&concept.ko_cues, &view.compact))
            .then(|| concept.ko.find_iter(&view.compact).map(|m| view.span_of_compact(m.start(), m.end())));
        for (start, end) in english.into_iter().flatten().chain(korean.into_iter().flatten()) {
            // "confused about the dose" is a question, not an altered mind.
            if concept.id == "confusion" && about().is_match(&view.lower[end..]) {
                continue;
            }
            // "a collapsed lung", "a collapsed vein": an organ's state, not a person falling down.
            if matches!(concept.id, "collapse" | "unresponsive" | "syncope")
                && view.lower[start..end].contains("collaps")
                && collapsed_part().is_match(&view.lower[end..])
            {
                continue;
            }
            found.push((concept, start, end));
        }
    }
    if view.has_hangul {
        // Inside a medicine's name only what names a substance is read.
        let names: Vec<(usize, usize)> = korean_medicine_names()
            .iter()
            .flat_map(|name| view.compact.match_indices(name).map(|(at, _)| view.span_of_compact(at, at + name.len())))
            .collect();
        found.retain(|(concept, start, end)| {
            SUBSTANCES.contains(&concept.id) || !names.iter().any(|&(s, e)| s <= *start && *end <= e)
        });
    }
    found
}

/// Concepts a medicine's name may itself be (철분제 is iron, 와파린 an anticoagulant).
const SUBSTANCES: &[&str] = &[
    "anticoagulant",
    "ace_inhibitor",
    "new_drug",
    "adrenaline_given",
    "stool_colour_food",
    "allergen",
    "chemical",
    "pesticide",
    "toxic_alcohol",
    "mushroom",
];

/// The Korean names of the medicines list (`index/lexicon/medicines_ko.tsv`; build.rs writes them
/// without spaces), each a known compound: a symptom's syllables inside one are no complaint
/// (독사조신 holds 독사 "viper", 익사베필론 익사 "drowning", 피토나디온 피토 "coughing blood").
fn korean_medicine_names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| include_str!(concat!(env!("OUT_DIR"), "/medicine_names_ko.txt")).lines().collect())
}

/// Every concept pattern, and whether it is matched on the compact (Korean) view.
#[cfg(test)]
pub fn patterns() -> impl Iterator<Item = (&'static str, bool)> {
    CONCEPTS.iter().flat_map(|c| [(c.en, false), (c.ko, true)])
}

/// Concepts that say who, when, how much, or what someone took or met, not a sign or a complaint:
/// a medicine's or a substance's name may hold one ("Acetone Cyanohydrin" is a chemical, "Cat
/// dander extract" names an animal, "Apixaban" is an anticoagulant), never a complaint.
#[cfg(test)]
#[rustfmt::skip]
pub const CONTEXT: &[&str] = &[
    // who
    "first_person", "adult_subject", "group", "infant", "child", "teen", "older", "animal", "vet", "pet_object",
    // when, how much, how it came on
    "severe", "sudden", "recent_onset", "ongoing", "chronic", "fleeting", "resolved", "cleared", "bleeding_stopped",
    "brief_spell", "today_word", "long_ago", "happening", "mild_exertion", "plan_time",
    // what someone takes, has or met
    "allergen", "ate", "chemical", "sting", "bitten", "mushroom", "charcoal", "fumes", "splash", "toxic_alcohol",
    "toxic_gas", "pesticide", "pufferfish", "co_source", "heat", "cold_exposure", "frost_setting", "electric",
    "high_voltage", "static_shock", "on_skin", "fire_smoke", "eye_exposure", "high_impact", "high_energy", "fall",
    "collision", "immobility", "anticoagulant", "ace_inhibitor", "new_drug", "adrenaline_given", "diabetic",
    "immunosuppressed", "aneurysm", "drunk", "stool_colour_food", "sunburn", "screen_strain", "leisure",
    "digestive", "respiratory_infection", "muscular", "movement_pain", "nasal", "doing_well", "blanching",
    "vasovagal", "menstruation", "haemorrhoids", "pregnancy_word", "positive_test", "late_pregnancy", "gave_birth",
    "waters_broke", "preterm", "prepared", "masked", "deep_burn", "infection", "erection",
    // what a plan to die is made of, told around the words that are its signs
    "suicide_means", "pill_stockpile", "stock_reason", "sealing", "means_lit", "gave_away", "farewell", "goodbye",
    "lethal_query", "death_word", "away_reason", "at_height_now", "unreachable", "calm_now", "intent",
];

/// Every concept id, for tests that check the rules name only known concepts.
#[cfg(test)]
pub fn ids() -> impl Iterator<Item = &'static str> {
    CONCEPTS.iter().map(|c| c.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_names_only_known_concepts() {
        let known: Vec<&str> = ids().collect();
        for id in CONTEXT {
            assert!(known.contains(id), "{id} is no concept");
        }
    }

    fn said(text: &str) -> Vec<&'static str> {
        let mut ids: Vec<_> = mentions(&View::new(text))
            .into_iter()
            .filter(|m| m.status == Status::Affirmed)
            .map(|m| m.concept)
            .collect();
        ids.dedup();
        ids
    }

    #[test]
    fn korean_forms_take_any_ending_and_spacing() {
        for text in ["가슴이 아파요", "가슴이 아프고", "가슴이아픈데", "가슴 이 아퍼요", "가슴통증이 있어요"]
        {
            assert!(said(text).contains(&"chest_pain"), "{text}");
        }
        assert!(said("숨이 차서 말이 안 나와요").contains(&"cant_breathe"));
        assert!(said("자꾸 늘어지고 잠만 자요").contains(&"lethargic"));
        assert!(said("식은땀이 나요").contains(&"sweating"));
        assert!(!said("가슴은 안 아프고 목이 부었어요").contains(&"chest_pain"));
        assert!(!said("열은 없어요").contains(&"fever"));
    }

    #[test]
    fn english_inflections_typos_and_third_person() {
        assert!(said("my chest hurts so bad").contains(&"chest_pain"));
        assert!(said("grandma chest pains and cant breath good").contains(&"breathless"));
        assert!(said("she isnt responding to me").contains(&"unresponsive"));
        assert!(!said("no chest pain, just heartburn").contains(&"chest_pain"));
    }
}
