"""Drives a stuntdouble server with PyGithub: argv[1] is the GitHub base URL, argv[2] the token.

Prints one JSON document with what PyGithub parsed, for the test to compare with the journal.
"""
import json
import sys

from github import Github, GithubException, UnknownObjectException

base_url, token = sys.argv[1], sys.argv[2]
g = Github(login_or_token=token, base_url=base_url, per_page=2)
out = {}

repo = g.get_repo("octo/hello")
out["repo"] = {"full_name": repo.full_name, "private": repo.private, "url": repo.url, "owner": repo.owner.login}

# Paging follows the Link headers (rel="next"), which must point back at this server.
out["listed"] = sorted(r.name for r in repo.owner.get_repos())

created = g.get_user().create_repo("made-by-pygithub", private=True, description="from Python")
out["created"] = {"full_name": created.full_name, "private": created.private, "description": created.description}

try:
    g.get_repo("octo/missing")
    out["missing"] = None
except UnknownObjectException as e:
    out["missing"] = {"status": e.status, "message": e.data.get("message")}

imp = repo.create_source_import("git", "https://git.example.com/app.git")
out["import"] = {"status": imp.status, "vcs_url": imp.vcs_url, "url": imp.url}

try:
    repo.create_source_import("git", "https://git.example.com/app.git")
    out["again"] = None
except GithubException as e:
    out["again"] = {"status": e.status, "message": e.data.get("message")}

print(json.dumps(out))
