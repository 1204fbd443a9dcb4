#!/usr/bin/env python3
"""Compacts the Synthea sample (patients, conditions, medications, observations CSVs) into
index/synthea/patients.jsonl: per patient the demographics, the active conditions and medications and
the latest reading of each vital and lab the study's conversations mention. One run; the study reads
only the compact file. Usage: scripts/synthea-patients.py SYNTHEA_CSV_DIR > index/synthea/patients.jsonl"""
import csv, json, sys, collections, os

src = sys.argv[1]
read = lambda name: list(csv.DictReader(open(os.path.join(src, name), encoding="utf-8")))
# The observations a patient can report: Synthea's description -> the study's key.
READINGS = {
    "Systolic Blood Pressure": "systolic",
    "Diastolic Blood Pressure": "diastolic",
    "Heart rate": "heart_rate",
    "Body Weight": "weight_kg",
    "Body temperature": "temperature_c",
    "Glucose": "glucose",
    "Hemoglobin A1c/Hemoglobin.total in Blood": "hba1c",
    "Total Cholesterol": "total_cholesterol",
    "Low Density Lipoprotein Cholesterol": "ldl",
    "High Density Lipoprotein Cholesterol": "hdl",
}
conditions, medications = collections.defaultdict(list), collections.defaultdict(list)
for r in read("conditions.csv"):
    if not r["STOP"] and r["DESCRIPTION"] not in conditions[r["PATIENT"]]:
        conditions[r["PATIENT"]].append(r["DESCRIPTION"])
for r in read("medications.csv"):
    if not r["STOP"] and r["DESCRIPTION"] not in medications[r["PATIENT"]]:
        medications[r["PATIENT"]].append(r["DESCRIPTION"])
latest, last_date = collections.defaultdict(dict), {}
for r in sorted(read("observations.csv"), key=lambda r: r["DATE"]):
    last_date[r["PATIENT"]] = r["DATE"][:10]
    key = READINGS.get(r["DESCRIPTION"])
    if key:
        latest[r["PATIENT"]][key] = round(float(r["VALUE"]), 1)
for p in read("patients.csv"):
    i = p["Id"]
    print(json.dumps({
        "id": i[:8],
        "birthdate": p["BIRTHDATE"],
        "deathdate": p["DEATHDATE"] or None,
        "gender": p["GENDER"],
        "last_seen": last_date.get(i),
        "conditions": sorted(conditions[i]),
        "medications": sorted(medications[i]),
        "readings": latest[i],
    }, ensure_ascii=False))
