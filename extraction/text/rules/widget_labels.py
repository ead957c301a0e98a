"""Widget labels and disclaimers: a kept line that is a widget's label or a publisher's disclaimer is left out.

A contents box's title, "Loading paragraph...", "Was this page helpful?" (`phrases.widget_label`),
a publisher's disclaimer (`phrases.disclaimer`). After the context pass: judged before it, they
would part the article's lead from its first section as boilerplate does. Judged (hard-bad),
so the peer may not put them back. On an inclusive read too.

Stage: 4 first read (after the context pass), and 6 the inclusive read
Measured: WCXB dev static, session 9 (on a5c749b): tune 0.86999 -> 0.87001 (6 articles +0.001
to +0.006, one documentation page -0.002), check unchanged, Zyte 0.9768 / 0.9814 unchanged. As
a boilerplate phrase class before the context pass instead: tune 0.86999 -> 0.86988 (dropped).
"""

from __future__ import annotations

from extraction.text.blocks import Block
from extraction.text.decisions import Verdict
from extraction.text.phrases import disclaimer, widget_label

__all__ = ["drop_widget_labels", "widget_label_or_disclaimer"]


def drop_widget_labels(settled: dict[int, tuple[bool, str]], members: list[int], blocks: list[Block],
                       verdicts: list[Verdict]) -> tuple[dict[int, tuple[bool, str]], list[Verdict]]:
    """Leave out kept lines that are a widget's label (`phrases.widget_label`: a contents box's
    title, "Loading paragraph..."), after the context pass: judged before it, they would part the
    article's lead from its first section as boilerplate does. Judged (hard-bad), so the peer may
    not put them back."""
    settled, verdicts = dict(settled), list(verdicts)
    for i in members:
        if not settled[i][0]:  # a block left out already is not read again
            continue
        what = widget_label_or_disclaimer(blocks[i].text)
        if what:
            settled[i] = (False, what)
            verdicts[i] = verdicts[i].judged(what)
    return settled, verdicts


def widget_label_or_disclaimer(text: str) -> str:
    """Why a kept block is left out after the page is read (a widget's label: "Was this page
    helpful?", "Table of contents"; a publisher's disclaimer), or "". On an inclusive read too:
    a documentation page read whole kept its feedback widget's question."""
    return "a widget's label" if widget_label(text) else "a disclaimer" if disclaimer(text) else ""
