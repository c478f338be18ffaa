"""Drives a stuntdouble server with PyGithub: lists GitHub derives from state, and the routes beyond the table.

argv[1] is the GitHub base URL, argv[2] and argv[3] the tokens of mona and hubot (both with push access
to octo/hello). The script writes through PyGithub, then reads what GitHub derives from those writes
(events, contributors, commits, a pull's commits and files, followers, organizations, notifications)
and prints one JSON document of what PyGithub parsed into its own objects, for the test to compare with
what the script did.
"""
import base64
import datetime
import json
import sys

from github import Github

base_url, mona_token, hubot_token = sys.argv[1], sys.argv[2], sys.argv[3]
mona = Github(login_or_token=mona_token, base_url=base_url, per_page=2)
hubot = Github(login_or_token=hubot_token, base_url=base_url, per_page=2)
out = {}


def when(d):
    """PyGithub parses timestamps into datetimes; anything else is a parsing failure the test sees."""
    return d.isoformat() if isinstance(d, datetime.datetime) else repr(d)


repo = mona.get_repo("octo/hello")
hrepo = hubot.get_repo("octo/hello")

# History: two commits by mona, one by hubot on main; a branch with two more by hubot for a pull.
repo.create_file("a.txt", "write a.txt", "one\ntwo\nthree\n", branch="main")
repo.create_file("b.txt", "write b.txt", "b\n", branch="main")
hrepo.create_file("c.txt", "write c.txt", "c\n", branch="main")
main = repo.get_branch("main").commit.sha
repo.create_git_ref("refs/heads/feature", main)
a = hrepo.get_contents("a.txt", ref="feature")
hrepo.update_file("a.txt", "change a.txt", "one\n2\nthree\nfour\n", a.sha, branch="feature")
hrepo.create_file("docs/new.md", "add docs/new.md", "# New\n", branch="feature")
pull = hrepo.create_pull(title="Feature", body="Please review @mona", head="feature", base="main")
issue = repo.create_issue(title="Crash", body="cc @hubot")
issue.create_comment("Looking into it")

out["contributors"] = [[c.login, c.contributions, c.type] for c in repo.get_contributors()]
out["commits"] = [[c.commit.message, c.author.login if c.author else None, when(c.commit.author.date)] for c in repo.get_commits()]
p = repo.get_pull(pull.number)
out["pull"] = {"commits": p.commits, "additions": p.additions, "deletions": p.deletions, "changed_files": p.changed_files}
out["pull_commits"] = [c.commit.message for c in p.get_commits()]
out["pull_files"] = [[f.filename, f.status, f.additions, f.deletions, f.patch] for f in p.get_files()]

events = list(repo.get_events())
out["events"] = [[e.type, e.actor.login, e.repo.name, e.payload.get("action"), when(e.created_at)] for e in events]
out["event_ids"] = [e.id for e in events]
out["user_events"] = [e.type for e in mona.get_user("hubot").get_events()]

# Followers both ways.
mona.get_user().add_to_following(hubot.get_user("hubot"))
hubot.get_user().add_to_following(hubot.get_user("mona"))
hubot.get_user().add_to_following(hubot.get_user("octo"))
out["followers_of_mona"] = [u.login for u in hubot.get_user("mona").get_followers()]
out["hubot_follows"] = [u.login for u in hubot.get_user("hubot").get_following()]
out["my_followers"] = [u.login for u in mona.get_user().get_followers()]
hubot_user = mona.get_user("hubot")
out["hubot_counts"] = [hubot_user.followers, hubot_user.following]

# Organizations from memberships (seeded by the test: mona is a member of acme).
out["my_orgs"] = [o.login for o in mona.get_user().get_orgs()]

# Notifications made by the writes above, then marked read (PUT /notifications, 205).
out["hubot_inbox"] = [[n.subject.type, n.subject.title, n.reason, n.unread, n.repository.full_name] for n in hubot.get_user().get_notifications()]
out["mona_inbox"] = [[n.subject.type, n.subject.title, n.reason] for n in mona.get_user().get_notifications()]
hubot.get_user().mark_notifications_as_read()
out["hubot_inbox_after"] = [n.subject.title for n in hubot.get_user().get_notifications()]
out["hubot_all_after"] = [[n.subject.title, n.unread] for n in hubot.get_user().get_notifications(all=True)]

# Fixed data: emojis, gitignore templates, licenses, a repository's detected license.
emojis = mona.get_emojis()
out["emoji"] = emojis.get("+1")
out["gitignore_has_c"] = "C" in mona.get_gitignore_templates()
out["gitignore_c"] = mona.get_gitignore_template("C").name
out["licenses"] = sorted(lic.key for lic in mona.get_licenses())
mit = mona.get_license("mit")
out["mit"] = {"spdx_id": mit.spdx_id, "name": mit.name, "has_body": "Permission is hereby granted" in mit.body}
text = mit.body.replace("[year]", "2024").replace("[fullname]", "Octo")
repo.create_file("LICENSE", "add a license", text, branch="main")
detected = repo.get_license()
out["repo_license"] = {"path": detected.path, "key": detected.license.key, "same_text": base64.b64decode(detected.content).decode() == text}

print(json.dumps(out))
