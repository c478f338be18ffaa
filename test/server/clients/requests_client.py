"""Drives a stuntdouble server with Python requests (no SDK): argv[1] is the server URL.

Graph: reads a Page and pages through its feed by following `paging.next`. Gemini API: creates a
cached content and lists it. Prints one JSON document with what came back.
"""
import json
import sys

import requests

url = sys.argv[1]
admin = url + "/__stuntdouble"
s = requests.Session()
out = {}

page = s.post(admin + "/seed/socialGraph/page", json={"name": "Cafe"}).json()["result"]
s.post(admin + "/seed/socialGraph/posts", json={"pageId": page["id"], "count": 5, "message": "post"})

r = s.get(f"{url}/graph/v24.0/{page['id']}", params={"fields": "name", "access_token": "EAAtoken"})
out["page"] = {"status": r.status_code, "body": r.json()}

seen = []
nexts = []
r = s.get(f"{url}/graph/v24.0/{page['id']}/feed", params={"limit": 2, "access_token": "EAAtoken"}).json()
while True:
    seen += [p["id"] for p in r["data"]]
    nxt = r.get("paging", {}).get("next")
    if not nxt:
        break
    nexts.append(nxt)
    r = s.get(nxt).json()
out["feed"] = {"ids": seen, "nexts": nexts}

bad = s.get(f"{url}/graph/v24.0/{page['id']}", params={"fields": "nope", "access_token": "EAAtoken"})
out["badField"] = {"status": bad.status_code, "error": bad.json()["error"]}

headers = {"x-goog-api-key": "AIza-python"}
body = {"model": "models/gemini-2.5-flash", "contents": [{"role": "user", "parts": [{"text": "abcd" * 1100}]}], "ttl": "300s"}
created = s.post(f"{url}/gemini/v1beta/cachedContents", json=body, headers=headers)
out["created"] = {"status": created.status_code, "body": created.json()}
listed = s.get(f"{url}/gemini/v1beta/cachedContents", headers=headers)
out["listed"] = [c["name"] for c in listed.json().get("cachedContents", [])]

print(json.dumps(out))
