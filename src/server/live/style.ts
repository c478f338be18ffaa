/** The live page's stylesheet: one column of calls and a side column, nothing wider than the window. */
export const LIVE_CSS = `
:root { font-family: system-ui, sans-serif; font-size: 14px; color: #1d1d1f; background: #fff; }
* { box-sizing: border-box; }
body { margin: 0; }
header { display: flex; gap: .5rem 1.25rem; align-items: center; flex-wrap: wrap; padding: .5rem 1rem; background: #f2f2f5; border-bottom: 1px solid #ddd; }
header h1 { font-size: 1.1rem; margin: 0; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 24rem); gap: 1rem; padding: 1rem; }
h2 { font-size: 1rem; margin: .25rem 0 .5rem; }
h3 { font-size: .95rem; margin: 0 0 .25rem; }
aside > section { border: 1px solid #e3e3e8; border-radius: 6px; padding: .5rem .75rem; margin-bottom: .75rem; }
form.filters { display: flex; flex-wrap: wrap; gap: .4rem .75rem; align-items: end; margin-bottom: .5rem; }
form.filters label { display: flex; flex-direction: column; font-size: .8rem; color: #555; }
form.filters input[name=text] { width: 14rem; }
input, select, textarea, button { font: inherit; max-width: 100%; }
table { border-collapse: collapse; width: 100%; }
#calls { table-layout: fixed; }
#calls > thead > tr > th, #calls > tbody > tr > td { text-align: left; padding: .25rem .4rem; border-bottom: 1px solid #eee; vertical-align: top; overflow-wrap: anywhere; }
#calls > thead > tr > th { font-size: .85rem; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#calls col.seq { width: 3.25rem; } #calls col.at { width: 5.75rem; } #calls col.svc { width: 7.5rem; } #calls col.m { width: 4.75rem; }
#calls col.st { width: 4.25rem; } #calls col.op { width: 13rem; }
#calls > tbody > tr.call > td:nth-child(2) { white-space: nowrap; }
tr.call { cursor: pointer; }
tr.call:hover { background: #f7f7fa; }
button.seq { border: 0; background: none; color: #0550ae; padding: 0; cursor: pointer; text-decoration: underline; }
tr.detail > td { background: #fafafc; }
.sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 1rem; }
.sides section { min-width: 0; }
table.kv { font-size: 12px; margin: .25rem 0; }
table.kv th { text-align: left; font-weight: 600; width: 35%; padding: .1rem .4rem .1rem 0; vertical-align: top; overflow-wrap: anywhere; }
table.kv td { padding: .1rem 0; overflow-wrap: anywhere; }
pre:empty { display: none; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: .25rem 0; font-size: 12px; max-height: 24rem; overflow-y: auto; background: #f6f6f8; padding: .4rem; border-radius: 4px; }
code { overflow-wrap: anywhere; }
.s2 { color: #1a7f37; } .s3 { color: #0550ae; } .s4 { color: #9a6700; } .s5 { color: #cf222e; }
.muted { color: #6e6e73; }
.tag { font-size: .8em; background: #eef; border-radius: 3px; padding: 0 .25rem; }
.note { font-size: .85em; color: #555; }
ul { padding-left: 1.1rem; margin: .25rem 0; }
li { margin: .2rem 0; overflow-wrap: anywhere; }
.tree { padding-left: .9rem; border-left: 1px solid #e3e3e8; }
details > summary { cursor: pointer; overflow-wrap: anywhere; }
textarea { width: 100%; font-family: ui-monospace, monospace; }
form.inline { display: flex; gap: .4rem; flex-wrap: wrap; align-items: center; margin: .3rem 0; }
form.inline input { width: 12rem; }
#error { color: #cf222e; }
@media (max-width: 900px) { main { grid-template-columns: minmax(0, 1fr); } .sides { grid-template-columns: minmax(0, 1fr); } }
`;
