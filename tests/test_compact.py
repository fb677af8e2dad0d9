"""Built pages lose the blank lines and indentation between their tags, and nothing a browser shows (generator.site.compact)."""

from __future__ import annotations

from generator.site.compact import compact


def test_a_run_of_whitespace_with_a_line_break_becomes_one_line_break():
    assert compact("<div>\n    \n      <p>a\n   b</p>  \n</div>") == "<div>\n<p>a\nb</p>\n</div>"


def test_whitespace_without_a_line_break_stays_as_it_is():
    assert compact("<p>a   b <b>c</b>\tdone</p>") == "<p>a   b <b>c</b>\tdone</p>"


def test_a_no_break_space_is_text_and_stays():
    assert compact("<p>a\u00a0\n  b\u00a0</p>") == "<p>a\u00a0\nb\u00a0</p>"


def test_preformatted_and_raw_text_keep_their_whitespace():
    kept = '<pre class="x">  a\n\n    b</pre><TEXTAREA>\n  t\n</TEXTAREA><script>\n  const s = `a\n   b`;\n</script><style>\n a {}\n</style>'
    assert compact(f"<div>\n  {kept}\n  </div>") == f"<div>\n{kept}\n</div>"
