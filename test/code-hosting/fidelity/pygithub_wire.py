"""Drives a stuntdouble server with PyGithub: argv[1] is the GitHub base URL, argv[2] the token.

Prints one JSON document with what PyGithub parsed: entity headers, id routes, Link paging,
markdown, the archive redirect and a commit's account.
"""
import json
import sys

from github import Github

base_url, token = sys.argv[1], sys.argv[2]
g = Github(login_or_token=token, base_url=base_url, per_page=1)
out = {}

repo = g.get_repo("octo/hello")
issue = repo.create_issue("first")
out["issue"] = {"etag": issue.etag, "last_modified": issue.last_modified}
# A conditional re-read with the ETag PyGithub kept: unchanged, so 304 and update() answers False.
out["unchanged"] = issue.update()
repo.create_issue("second")

# GET /repositories/{id}, then paging through Link headers on the id form.
by_id = g.get_repo(repo.id)
out["by_id"] = by_id.full_name
out["titles"] = [i.title for i in by_id.get_issues(state="all")]

out["user"] = g.get_user_by_id(int(sys.argv[3])).login
out["markdown"] = g.render_markdown("Hello **world**")
out["tarball"] = repo.get_archive_link("tarball", "main")
latest = repo.get_commits()[0]
out["author"] = latest.author.login if latest.author else None

print(json.dumps(out))
