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

use super::text::{aside, is_negated, View};
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
    c(
        "chest_pain",
        r"\bchest\W+(?:\w+\W+){0,3}?(?:pains?|pian\w*|hurt\w*|ach\w*|pressure|tight\w*|heav\w*|discomfort|squeez\w*|crush\w*|burn\w*|killing|feels? like)|\b(?:pain|pains|pian|pressure|tightness|heaviness|squeezing|crushing|hurting)\W+(?:\w+\W+){0,3}?chest\b|\b(?:tight|heavy|crushing|squeezing) chest\b|elephant\W+(?:\w+\W+){0,3}?chest|\b(?:standing|sitting|pressing|pushing|weight) on (?:my|his|her) chest|\bangina\b",
        "(?:가슴|흉부|명치|심장)(?:이|을|가|에|은|는|쪽|한가운데|부위|통증이|한쪽)?.{0,10}?(?:아[프파픈퍼팠]|통증|조이|조여|조인|답답|쥐어짜|짓누르|짓눌|눌리|눌려|뻐근|찌릿|묵직|타는|터질|쪼이|쪼여)|흉통",
    ),
    c("sweating", r"\bsweat\w*|\bclammy\b|\bdiaphore\w*", "식은땀|땀(?:이|을|에)?(?:비|많이|흘|범벅|줄줄|뻘뻘|나)"),
    c(
        "radiation",
        r"\b(?:radiat|spread)\w*|\bgo(?:es|ing)? (?:down|into|to) (?:my|his|her|the) (?:left )?(?:arm|jaw|back|neck|shoulder)|\bleft arm\b|\bjaw\b|\barm (?:is |feels )?(?:numb|tingl\w*)",
        "(?:팔|턱|어깨|등|목)(?:까지|으로|쪽|이|도)?(?:저리|저려|퍼지|퍼져|뻗|아[프파픈퍼팠]|당기)|퍼지|퍼져|뻗쳐|왼팔|왼쪽팔",
    ),
    c(
        "breathless",
        r"\bshort(?:ness)? of breath\b|\bcan'?t (?:catch|get) (?:my|his|her) breath\b|\bbreathless\b|\b(?:hard|difficult|trouble|struggling|hard time) (?:to )?breath\w*|\bout of breath\b|\bbreathing (?:is )?(?:really |very |so )?(?:fast|hard|heavy)\b|\bcan'?t breath\w*|\bcant breath\w*",
        "숨(?:이|을|쉬기|쉬는게|쉬기가|쉴때)?(?:너무|좀|많이|계속)?(?:차|찬|찼|막히|막혀|막힌|막혔|가쁘|가빠|가쁜|힘들|힘든|힘드|어렵|어려|답답|헐떡)|호흡곤란|숨가쁨",
    ),
    c("vomiting", r"\bfeel\w* sick\b|\bvomit\w*|\bthrow\w* up\b|\bthrew up\b|\bpuk\w*|\bnause\w*", "토(?:하|했|해|할|를|가)|구토|메스꺼|울렁"),
    c("pale", r"\bpale\b|\bgr[ae]y\b|\bashen\b|\bwhite as\b", "창백|하얗게|핏기"),
    c(
        "faint",
        r"\bfaint\w*|\bpass(?:ed|ing)? out\b|\bdizz\w*|\blight ?headed\b|\bblack(?:ed|ing)? out\b",
        "어지러|어지럽|핑돌|쓰러질|기절할|실신|정신이몽롱",
    ),
    c(
        "severe",
        r"\b(?:so|really|very|extremely) (?:bad|severe)\b|\bsevere\b|\bcrushing\b|\bterrible\b|\bunbearable\b|\bexcruciating\b|\bworst\b|\bkilling me\b",
        "너무|심하게|심해|심한|엄청|쥐어짜|꽉|터질|죽을것|찢어질|끊어질|깨질",
    ),
    c(
        "sudden",
        r"\bsudden\w*|\ball of a sudden\b|\bout of nowhere\b|\b\d+ ?(?:min\w*|mins) (?:ago|now)\b|\bfor (?:\d+|half an|an) (?:min\w*|hour)|\bjust now\b",
        "갑자기|방금|\\d+분(?:전|째|동안)|삼십분|한시간째|30분",
    ),
    c("collapse", r"\bcollaps\w*|\bfell (?:down|over)\b", "주저앉|쓰러지|쓰러졌|쓰러져"),
    c(
        "mild_exertion",
        r"\bslight\w*|\ba (?:little|bit)\b|\bmild\w*|\bwhen (?:climbing|walking|running|exercis\w*)|\bstairs\b|\bafter (?:running|exercis\w*|a workout)",
        "조금|약간|살짝|계단|운동할때|뛸때|뛰면|걸을때",
    ),
    c(
        "digestive",
        r"\breflux\b|\bheartburn\b|\bindigestion\b|\bafter (?:eating|a (?:big )?meal|dinner|lunch)",
        "역류|속쓰|체했|체한|소화",
    ),
    c("respiratory_infection", r"\b(?:cold|cough\w*|flu|bronchitis|chest infection)\b", "감기|기침|독감|기관지염"),
    c("muscular", r"\bmuscle\w*|\bsore after\b|\bworkout\b|\bbench\w*|\bgym\b|\bexercis\w*|\blifting\b", "근육|헬스|운동을했|운동하고|운동후|담이"),
    // --- heart attack / stroke named while it happens (NHS 111: call 999 for suspected heart attack or stroke) ---
    c(
        "named_emergency",
        r"\bheart attack\b|\bstroke\b|\banaphyla\w*|\bcardiac arrest\b",
        "심근경색|심장마비|심장발작|뇌졸중|중풍|뇌경색|뇌출혈|아나필락시스|심정지",
    ),
    c(
        "happening",
        r"\b(?:having|i think|think (?:i'?m|he'?s|she'?s|it'?s)|is it|could this be|might be)\b",
        "같아요|같은데|것같|온거|온것|인가요|아닌가|인지",
    ),
    // --- stroke (NHS FAST: face, arms, speech; KTAS acute neurological deficit) ---
    c(
        "face_droop",
        r"\bface\W+(?:\w+\W+){0,4}?(?:droop\w*|sag\w*|fall\w*|uneven|numb|lopsided|crooked|twisted)|\bdroop\w*|\b(?:smile|mouth) (?:is |looks )?(?:crooked|lopsided|uneven|droop\w*)",
        "얼굴(?:이|한쪽|의)?.{0,6}?(?:처지|처졌|처져|마비|비뚤|돌아가|일그러)|입(?:이|꼬리가|가)?(?:한쪽으로)?(?:돌아가|돌아갔|비뚤|처지|처졌)|안면마비",
    ),
    neg(
        "one_side_weak",
        r"\b(?:one|left|right) side\W+(?:\w+\W+){0,4}?(?:weak|numb|can'?t move|paraly\w*|dead|no feeling)|\bcan'?t (?:lift|move|feel) (?:my|his|her|the) (?:\w+ )?(?:arm|leg|hand|side)|\bcant (?:lift|move|feel) (?:my|his|her|the) (?:\w+ )?(?:arm|leg|hand|side)|\b(?:arm|leg) (?:is |went |feels )?(?:weak|numb|limp|dead)\b|\bhemipleg\w*|\bparaly\w*|\b(?:weak\w*|numb\w*) (?:in|on|of) (?:my|his|her|the) (?:left|right) (?:\w+ )?(?:arm|leg|hand|side)|\b(?:left|right) (?:arm|leg|hand)s?\W+(?:\w+\W+){0,3}?(?:weak\w*|numb|limp|dead|paraly\w*)",
        "(?:한쪽|오른쪽|왼쪽|반쪽|편측)(?:팔|다리|팔다리|손|몸|얼굴)?.{0,6}?(?:힘이(?:안|없|빠)|힘이안|마비|저리|저려|감각이없|못움직|안움직)|(?:팔|다리|팔다리|손)(?:에|이|가|을|를)?(?:갑자기)?(?:힘이(?:안들어|없|빠지|빠졌|안)|(?:못|안)(?:쓰|써|움직|들))|반신마비|편마비|숟가락을떨어뜨",
    ),
    c(
        "limb_numb",
        r"\b(?:arm|leg|hand|face|foot)s?\b(?:\W+\w+){0,5}?\W+(?:went|gone|is|are|feels?|going|suddenly) (?:numb|weak|dead|limp|paraly\w*|tingl\w*)|\bnumb(?:ness)? (?:in|on) (?:my|his|her) (?:arm|leg|hand|face)",
        "(?:팔|다리|팔다리|손|얼굴|발)(?:이|가|에|도|쪽이)?.{0,4}?(?:저리|저려|감각이없|마비|힘이빠|힘이없)",
    ),
    neg(
        "speech_trouble",
        r"\bslur\w*|\bcan'?t find (?:his|her|my|the) words|\bcant find (?:his|her|my|the) words|\bcan'?t (?:talk|speak|get (?:the|his|her|my) words)\w*|\bcant (?:talk|speak)\w*|\bgibberish\b|\b(?:words|speech)\W+(?:\w+\W+){0,3}?(?:jumbled|garbled|slurred|wrong|weird|strange)|\btalk\w* (?:funny|weird|strange|nonsense)|\bnot making sense\b",
        "말이(?:어눌|꼬이|꼬여|이상|안나|잘안|안되)|어눌|발음이(?:이상|꼬|안|새)|말을(?:제대로|잘)?못|말을(?:이상하게|횡설수설)|횡설수설|말이어둔",
    ),
    neg(
        "vision_loss",
        r"\b(?:lost|losing|loss of) (?:my |his |her )?(?:vision|sight)\b|\bcan'?t see\b|\bdouble vision\b|\bblind\b|\bblurr\w* vision\b|\bvision (?:is )?blurr\w*|\bseeing spots\b|\bspots in (?:my|her) vision\b|\bflashing lights\b",
        "(?:눈이|눈앞이|시야가|앞이).{0,4}?(?:안보|안보여|침침|흐리|흐려|번쩍|깜깜|캄캄|두개로|겹쳐)|시력(?:을|이)?(?:잃|떨어)|두개로보|둘로보|겹쳐보|이중으로보",
    ),
    c("confusion", r"\bconfus\w*|\bdisorient\w*|\bnot making sense\b|\bout of it\b|\bdrows\w*", "정신이없|정신이혼미|횡설수설|헛소리|의식이흐|몽롱|정신을못"),
    // --- headache (NICE CG150: thunderclap headache; KTAS sudden severe headache) ---
    c("headache", r"\bheadache\w*|\bhead (?:is )?(?:pounding|hurts|hurting|exploding|splitting)|\bmigraine\b", "두통|머리(?:가|를|쪽이|뒤가)?.{0,10}?(?:아[프파픈퍼팠]|지끈|깨질|터질|울려|망치)|뒷머리|뒤통수"),
    c(
        "worst_headache",
        r"\bworst (?:headache|head pain|pain)\w*|\bthunderclap\b|\bexplosive headache\b|\bheadache\W+(?:\w+\W+){0,3}?(?:like (?:being )?hit|ever)\b|\bhit (?:with|by) a (?:bat|hammer)\b",
        "(?:태어나서|살면서|평생|생애)(?:처음|최악)|망치로맞은|둔기로맞은|벼락|이렇게아픈(?:건|것은)?처음",
    ),
    neg("stiff_neck", r"\bstiff neck\b|\bneck (?:is |feels )?(?:\w+ )?stiff\b|\bcan'?t (?:bend|move) (?:my|his|her) neck\b", "목이(?:뻣뻣|굳|뻐근해서)|고개를(?:못|숙일수없|숙이지못|앞으로못)"),
    c("photophobia", r"\blight hurts\b|\bsensitiv\w* to light\b|\bphotophob\w*", "빛이눈부|눈이부셔|빛을못"),
    neg(
        "nonblanching_rash",
        r"\brash\W+(?:\w+\W+){0,6}?(?:doesn'?t|does not|won'?t|not) (?:fade|go away|blanch)|\bnon-?blanching\b|\bglass test\b|\bpurple (?:spots|rash|blotches)\b|\bpetechia\w*",
        "(?:보라색|자주색|붉은)(?:반점|점|멍|발진)|눌러도(?:안없|없어지지|사라지지|안사라)|자반",
    ),
    // --- breathing (KTAS respiratory distress; NHS 111: struggling to breathe, blue lips) ---
    neg(
        "cant_breathe",
        r"\bcan'?t breath\w*|\bcant breath\w*|\bcannot breath\w*|\b(?:can|could)(?:'?t)? (?:barely|hardly) (?:breath\w*|get air)|\bcan'?t (?:finish|say) a (?:sentence|word)|\bcant finish a sentence|\bgasping\b|\bstruggling (?:to|for) (?:breath\w*|air)\b|\bchoking\b|\bnot getting (?:any )?air\b|\bribs (?:are )?(?:sucking|pulling) in\b|\bgrunt\w*|\bcan only (?:say|speak|talk)\b|\bone word at a time\b|\bcan'?t (?:talk|speak) in (?:full )?sentences\b|\blabou?red breathing\b|\bstruggling\b.{0,30}\bbreath\w*|\bbreath\w*.{0,30}\bstruggling\b|\bsucking in\b",
        "숨(?:을|이)?(?:잘|제대로|전혀)?(?:못쉬|못쉴|쉴수없|쉬지못|안쉬어)|(?:숨이차서|숨차서)말(?:이|을)?(?:안|못)|숨을헐떡|숨넘어|캑캑|목이막혀숨|(?:갈비뼈|가슴)(?:가|이)?(?:쑥쑥|쑥)?들어가|숨쉬기(?:가)?(?:너무|많이)힘들",
    ),
    c("blue_lips", r"\b(?:lips?|face|skin|fingers?)\W+(?:\w+\W+){0,5}?(?:blue|bluish|purple|gr[ae]y)\b|\bcyano\w*|\bturning blue\b", "입술(?:이|도)?(?:파래|파랗|보라|퍼래|새파)|청색증|얼굴이(?:파래|파랗|새파)"),
    c("wheeze", r"\bwheez\w*|\bwhistling\b|\bstridor\b", "쌕쌕|쌔액|휘파람|그르렁"),
    c("asthma_attack", r"\basthma attack\b|\basthma (?:is )?(?:flar\w*|bad|worse)", "천식발작|천식이(?:심|악화)"),
    neg("asthma_unrelieved", r"\binhaler\W+(?:\w+\W+){0,3}?(?:not|isn'?t|isnt|doesn'?t|no) (?:help\w*|work\w*)|\b(?:not|isn'?t|isnt) helping\b", "흡입기(?:를|도)?(?:써도|사용해도|뿌려도)|흡입기가(?:안|소용)"),
    // --- anaphylaxis (NICE CG134; KTAS allergic reaction with airway compromise) ---
    c(
        "allergen",
        r"\bstung\b|\bsting\b|\bbee\b|\bwasp\b|\bpeanuts?\b|\bnuts?\b|\bshrimp\b|\bshellfish\b|\bprawns?\b|\ballerg\w*|\bate\b|\beating\b|\bantibiotic\w*|\binjection\b|\bshot\b|\bpenicillin\b|\bamoxicillin\b|\bmedicine\b|\bmedication\b|\bdrug\b|\bafter taking\b",
        "벌|쏘였|쏘인|땅콩|견과|새우|갑각류|게를|조개|알레르기|알러지|항생제|주사|먹고|먹은|먹었|먹자마자|약먹고|페니실린",
    ),
    neg(
        "airway_swelling",
        r"\b(?:throat|tongue|lips?|face|mouth|eyes?)\W+(?:\w+\W+){0,3}?(?:swell\w*|swollen|closing|tight\w*|puff\w*)|\bswelling (?:of|in|on) (?:the |my |his |her )?(?:throat|tongue|lips?|face)|\bhard to swallow\b|\bcan'?t swallow\b|\bthroat (?:is )?clos\w*",
        "(?:혀|입술|얼굴|눈|입|목)(?:이|가|랑|도|과|까지)?.{0,4}?(?:붓|부어|부었|부풀|퉁퉁)|목(?:이|안이|구멍이)?(?:조이|조여|막히|막혀|막힌|좁아|콱)|목소리가(?:이상|안나|변)|삼키기(?:가)?힘들",
    ),
    neg(
        "throat_closing",
        r"\bthroat\W+(?:\w+\W+){0,2}?(?:clos\w*|swell\w*|swollen|tight\w*)|\btongue\W+(?:\w+\W+){0,2}?(?:swell\w*|swollen)|\bcan'?t swallow\b|\bcant swallow\b",
        "목(?:이|안이|구멍이|이꽉)?(?:조이|조여|막히|막혀|막힌|좁아|콱)|혀(?:가|도)?(?:붓|부어|부었|부풀|퉁퉁)|숨(?:이|통이)?막혀|숨(?:이)?막히",
    ),
    c("hives", r"\bhives\b|\bwelts\b|\bbroke out\b|\brash all over\b", "두드러기|온몸(?:이|에)?(?:빨개|빨갛|붉|가려|두드러기)"),
    // --- GI bleeding (NHS: vomiting blood, black stools -> A&E) ---
    c(
        "vomit_blood",
        r"\b(?:vomit\w*|throw\w* up|threw up|puk\w*|cough\w* up)\W+(?:\w+\W+){0,4}?blood\b|\bcoffee[- ]?grounds?\b|\bhematemesis\b",
        "피를.{0,6}?(?:토|쏟|게우)|토.{0,3}?피가|토혈|피토|커피색(?:토|구토)|커피(?:찌꺼기|가루)같은|각혈|(?:토|구토)에피|피섞인(?:토|구토)",
    ),
    c(
        "black_stool",
        r"\bblack\W+(?:\w+\W+){0,2}?(?:stool|poop|poo|stools|bowel)\w*|\b(?:tarry|tar-like|melena)\b|\b(?:pooping|poop\w*|stool\w*|passing) (?:\w+ ){0,2}blood\b|\bblood\W+(?:\w+\W+){0,2}?(?:stool|poop|toilet)",
        "(?:변|대변|똥)(?:이|을|에|도)?.{0,4}?(?:검|까맣|새까|까만|짜장|피|혈)|(?:검은|까만|새까만|시커먼|짜장같은)(?:색)?(?:변|대변|똥)|혈변|흑변|하혈",
    ),
    // --- seizure (NICE NG217 / NHS: seizure over 5 minutes, repeated, or not waking) ---
    c(
        "seizure",
        r"\bseiz\w*|\bconvuls\w*|\bfitting\b|\bhaving a fit\b|\ba fit\b|\bjerking\b|\bshaking (?:all over|uncontrollabl\w*)\b|\beyes rolled\b",
        "경련|발작|경기(?:를|해|하|가)|간질|거품을(?:물|뿜)|부들부들떨|온몸(?:을|이)?(?:떨|뒤틀|굳)|눈이돌아가|눈이뒤집",
    ),
    // --- unresponsive or collapsed (KTAS unresponsive; NHS 999) ---
    neg(
        "unresponsive",
        r"\bunconscious\b|\bunresponsive\b|\b(?:won'?t|wont|can'?t|cant|not|isn'?t|isnt|doesn'?t|didn'?t|hasn'?t|hasnt) (?:wake|waking|woken|respond\w*|moving|answering)|\bcan'?t wake (?:him|her|them)\b|\b(?:not|isn'?t|isnt|wasn'?t|aren'?t|stopped) breathing\b|\bbarely breathing\b|\bno pulse\b|\bpassed out\b|\bcollaps\w*|\bfell (?:down|over) and\b|\bfound (?:him|her|my \w+) on the floor\b|\bknocked out\b|\b(?:hasn'?t|hasnt|won'?t|wont|not) (?:come|coming) (?:round|around|to)\b",
        "의식(?:이|을)?(?:없|잃|불명)|흔들어도|안깨|깨지않|못깨|깨어나지않|안깨어나|깨워도|반응(?:이|을)?(?:없|안)|대답(?:이|을)?(?:없|안)|숨을(?:안|쉬지않)|숨(?:이)?(?:멎|멈췄)|쓰러지|쓰러졌|쓰러져|정신을잃|기절|움직이지(?:도)?않|맥박이없|심장이멈",
    ),
    // --- severe bleeding (KTAS uncontrolled haemorrhage; NHS 999) ---
    neg(
        "heavy_bleeding",
        r"\b(?:bleeding|blood)\W+(?:\w+\W+){0,3}?(?:won'?t|wont|doesn'?t|isn'?t|not|can'?t) (?:stop\w*)|\bwon'?t stop bleeding\b|\bstill bleeding\b|\bbleeding (?:heavily|a lot|badly|everywhere)\b|\bbleeding like crazy\b|\b(?:spurt|gush|pour|squirt)\w*\b|\bsoak\w* through\b|\blots of blood\b|\bso much blood\b|\bbleeding out\b|\bblood everywhere\b|\bbleed\w* through\b|\b(?:cut|wound|bleed\w*|gash)\b.{0,40}\b(?:won'?t|wont|doesn'?t|will not|can'?t) stop\b|\bhemorrhag\w*|\bhaemorrhag\w*",
        "(?:피|출혈)(?:가|이)?.{0,8}?(?:안멈|멈추지않|멈추질않|안그쳐|안그치|철철|쏟아|콸콸|줄줄|뿜어|흥건|다젖|계속(?:나|흘|나와))|대량출혈|출혈이심|피가많이|피범벅|흘러(?:요|내려)",
    ),
    c("deep_wound", r"\bdeep (?:cut|wound|gash)\b|\bstitch\w*|\bgaping\b", "상처가(?:깊|벌어)|깊게베|꿰매|봉합"),
    c("menstruation", r"\bperiods?\b|\bmenstru\w*|\bmy cycle\b", "생리|월경"),
    // --- testicular torsion (NHS: sudden testicle pain -> A&E now) ---
    c(
        "testicle_pain",
        r"\b(?:testic\w*|testes|scrot\w*|balls?)\W+(?:\w+\W+){0,3}?(?:pain|hurt\w*|swell\w*|swollen|ach\w*)|\b(?:pain|hurt\w*|swelling) (?:in|of) (?:my |his |one |the )?(?:testic\w*|testes|scrot\w*|balls?)\b",
        "(?:고환|불알|음낭|부랄|땅콩)(?:이|가|쪽이|쪽)?.{0,6}?(?:아[프파픈퍼팠]|통증|부었|부어|붓|퉁퉁)",
    ),
    // --- pregnancy (KTAS obstetric; NHS/NICE: heavy bleeding, severe pain, pre-eclampsia signs) ---
    c("bleeding", r"\bbleed\w*|\bblood\b|\bspotting\b", "피가|피도|하혈|출혈|피비|피(?:가)?(?:나|비쳐|비치|묻)"),
    c(
        "abdominal_pain",
        r"\b(?:stomach|belly|abdom\w*|tummy|pelvic|lower) (?:pain|hurts?|ache|cramp\w*)|\b(?:pain|cramp\w*) in (?:my |her |the )?(?:stomach|belly|abdomen|tummy|lower)",
        "(?:배|아랫배|복부|하복부|윗배)(?:가|이|는|쪽이)?.{0,8}?(?:아[프파픈퍼팠]|통증|찢어질|끊어질|뒤틀)|복통",
    ),
    c("swelling", r"\bswell\w*|\bswollen\b|\bpuffy\b", "부었|부어|붓고|붓는|부종|퉁퉁"),
    // --- suicide and self-harm (KTAS suicidal ideation with plan; 109/988 crisis lines) ---
    neg(
        "suicidal",
        r"\bkill (?:my|him|her)self\b|\bsuicid\w*|\bwant(?:s|ed)? to die\b|\bwanna die\b|\bend (?:it|it all|my life|things)\b|\bdon'?t want to (?:be alive|live|wake up)|\bbetter off dead\b|\btake my (?:own )?life\b|\bhurt(?:ing)? myself\b|\bnot worth living\b|\bno reason to live\b|\bgiving (?:her|his|my) things away\b|\bend(?:ing)? (?:my|his|her) (?:own )?life\b|\bending it(?: all)?\b|\bwant to disappear\b|\b(?:pills|meds|tablets) (?:saved|stockpiled|hoarded)|\b(?:saved|stockpiled|hoarded) (?:up )?(?:pills|meds|tablets)|\bno point (?:in )?living\b|\bbetter off without me\b|\b(?:take|taking|swallow\w*) all (?:of )?(?:my|the) (?:\w+ )?(?:pills|meds|tablets)\b|\bjump off (?:a|the|my) (?:bridge|building|roof|balcony)|\bcan'?t go on\b",
        "죽고싶|죽고만싶|자살|목숨을끊|살고싶지않|살기싫|뛰어내리|다끝내고싶|모든걸끝내|인생을끝내|삶을끝내|사라지고싶|유서|목을매|죽어버리|손목을긋|손목을그|약을모아|죽을(?:거|래)예요|죽으려|살이유가없|살의미가없|사는게의미없|생을마감|세상을떠나고싶",
    ),
    // --- lethargy in a child (NICE NG143 red: no response to social cues, hard to wake, floppy) ---
    neg(
        "lethargic",
        r"\bfloppy\b|\blimp\b|\blethargic\b|\bwon'?t (?:feed|eat|drink|wake)\b|\bwont (?:feed|eat|drink|wake)\b|\bhard to wake\b|\bnot (?:feeding|eating|drinking|waking)\b|\bsleeping all the time\b|\bunusually sleepy\b",
        "늘어지|늘어져|축처|축늘|처져요|잠만자|잠만|깨워도|안깨|못깨|먹지않|안먹어|먹지를|젖을안|분유를안|기운이없|힘이없어",
    ),
    c(
        "fever",
        r"\bfever\w*|\btemp(?:erature)?\b|\bhigh temp\b|\bfebrile\b|\bburning up\b",
        "열(?:이|도|나|난|날|은|까지|기)|고열|발열|체온",
    ),
    c(
        "child",
        r"\bbab(?:y|ies)\b|\binfant\b|\btoddler\b|\bnewborn\b|\bkids?\b|\bchild\b|\bson\b|\bdaughter\b|\b\d{1,2}[ -]?(?:year|yr|month|week|day)s?[ -]?old\b",
        "아기|애기|아가|아이|애가|아들|딸|\\d+살|개월|유아|어린이|신생아|손주|손자|손녀",
    ),
];

/// A concept said in the message, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mention {
    pub concept: &'static str,
    pub start: usize,
    pub end: usize,
}

struct Compiled {
    id: &'static str,
    en: Regex,
    ko: Regex,
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
                negative_form: c.negative_form,
            })
            .collect()
    })
}

/// The concepts the message says hold now: every form found, minus those negated or set aside
/// (a question about it, a hypothetical, something long past or in the family).
pub fn mentions(view: &View) -> Vec<Mention> {
    let mut found = Vec::new();
    for concept in compiled() {
        let english = view.has_latin.then(|| concept.en.find_iter(&view.lower).map(|m| (m.start(), m.end())));
        let korean = view
            .has_hangul
            .then(|| concept.ko.find_iter(&view.compact).map(|m| view.span_of_compact(m.start(), m.end())));
        for (start, end) in english.into_iter().flatten().chain(korean.into_iter().flatten()) {
            if is_negated(view, start, end, concept.negative_form) || aside(view, start, end).is_some() {
                continue;
            }
            found.push(Mention { concept: concept.id, start, end });
        }
    }
    found
}

/// Every concept id, for tests that check the rules name only known concepts.
#[cfg(test)]
pub fn ids() -> impl Iterator<Item = &'static str> {
    CONCEPTS.iter().map(|c| c.id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn said(text: &str) -> Vec<&'static str> {
        let mut ids: Vec<_> = mentions(&View::new(text)).into_iter().map(|m| m.concept).collect();
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
