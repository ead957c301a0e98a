"""bench/blocks: each block's label against the gold, the columns read from the stage values, and
which blocks the oracle and the training count as in doubt."""

from __future__ import annotations

from bench.blocks.columns import FEATURES, kept_runs, rows
from bench.blocks.dataset import gold_share, grams
from bench.blocks.oracle import clean, hard
from extraction.text.blocks import Gate, segment
from extraction.text.decisions import Selection
from extraction.text.pipeline import select
from tests.extraction.text.helpers import STORY_SENTENCE, page

STORY = "".join(f"<p>{STORY_SENTENCE * 4}</p>" for _ in range(4))
COMMENT = "Great story, I drove past that plant last week and wondered what they were building there."
GOLD = "The plant in the valley made ten thousand washing machines last year and hired more staff."


def test_a_block_is_labelled_by_the_share_of_its_word_3_grams_in_the_gold():
    gold = grams(GOLD)
    assert gold_share(STORY_SENTENCE, gold, GOLD) == 1.0
    half = "The plant in the valley made ten quite other words that no gold text holds at all"
    assert 0.3 < gold_share(half, gold, GOLD) < 0.6
    assert gold_share("Washing machines", gold, GOLD) == 1.0  # fewer words than a 3-gram: the words in order
    assert gold_share("Machines washing", gold, GOLD) == 0.0
    assert gold_share("", gold, GOLD) == 0.0


def _read(body: str) -> Selection:
    doc = page(body)
    return select(doc, segment(doc, Gate.ALL))


def test_every_block_gets_one_value_per_column_and_the_ancestors_words():
    read = _read(f"<article>{STORY}</article><div class='comment-list'><p>{COMMENT}</p></div>")
    among = [i for i, d in enumerate(read.decisions) if d.block.words]
    values = rows(read, among)
    assert all(len(v) == len(FEATURES) for v in values)
    up_comment = FEATURES.index("up_comment")
    by_text = {read.decisions[i].block.text: v for i, v in zip(among, values, strict=True)}
    assert by_text[COMMENT][up_comment] == 1.0
    assert {v[up_comment] for text, v in by_text.items() if text != COMMENT} == {0.0}
    we, you, overlap = FEATURES.index("we_share"), FEATURES.index("you_share"), FEATURES.index("kept_overlap")
    assert by_text[(STORY_SENTENCE * 4).strip()][we] == 0.0 and by_text[(STORY_SENTENCE * 4).strip()][overlap] == 1.0
    assert by_text[COMMENT][you] == 0.0 and by_text[COMMENT][we] == 0.0


def test_kept_runs_part_only_at_left_out_text_that_holds_words():
    read = _read(f"<article>{STORY}</article>")
    runs = kept_runs(read.decisions)
    assert len(runs) == 1 and runs[0][2] == sum(d.block.words for d in read.decisions if d.kept)


def test_in_doubt_is_kept_or_left_out_clean_and_never_the_headline_or_a_judged_block():
    at = {name: FEATURES.index(name) for name in ("hard_bad", "label", "outside", "score")}

    def block(hard_bad: float, label: float, outside: float, score: float, why: str = "") -> dict:
        x = [0.0] * len(FEATURES)
        x[at["hard_bad"]], x[at["label"]], x[at["outside"]], x[at["score"]] = hard_bad, label, outside, score
        return {"x": x, "why": why}

    assert hard(block(1.0, 3.0, 0.0, 10.0))
    assert hard(block(0.0, 3.0, 0.0, 10.0, "headline (the title field holds it)"))
    assert clean(block(0.0, 2.0, 0.0, -5.0))  # near-good in the region
    assert clean(block(0.0, 0.0, 1.0, 4.0))  # outside the region, scoring above zero
    assert not clean(block(0.0, 0.0, 1.0, -4.0))
    assert not clean(block(0.0, 1.0, 0.0, 4.0))  # short in the region: its neighbours settled it


BIO = ("Our reporter has covered manufacturing for the regional paper since the plant opened and writes "
       "about factories, unions and the towns around them every week.")


def test_the_peer_columns_say_which_kept_blocks_the_peer_lacks_and_where_they_stand():
    from bench.blocks.peer_columns import PEER_FEATURES, shares
    from bench.blocks.peer_columns import rows as peer_rows

    assert shares(["washing machines", "machines washing", STORY_SENTENCE, ""], STORY_SENTENCE) == [1.0, 0.0, 1.0, 0.0]
    read = _read(f"<article>{STORY}<p>{BIO}</p></article>")
    among = [i for i, d in enumerate(read.decisions) if d.block.words]
    assert all(read.decisions[i].kept for i in among)  # the bio is kept: the peer's word is all that doubts it
    peer = "\n".join((STORY_SENTENCE * 4).strip() for _ in range(4))
    values = peer_rows(read, among, peer, consulted=False)
    at = {name: PEER_FEATURES.index(name) for name in PEER_FEATURES}
    assert all(len(v) == len(PEER_FEATURES) for v in values)
    by_text = {read.decisions[i].block.text: v for i, v in zip(among, values, strict=True)}
    story, bio = by_text[(STORY_SENTENCE * 4).strip()], by_text[BIO]
    assert story[at["peer_holds"]] == 1.0 and story[at["peer_share"]] == 1.0 and story[at["peer_side"]] == 0.0
    assert bio[at["peer_holds"]] == 0.0 and bio[at["peer_share"]] == 0.0
    assert bio[at["peer_side"]] == 1.0  # after the last kept block the peer holds
    assert bio[at["peer_prev_share"]] == 1.0 and bio[at["peer_next_share"]] == 0.0
    assert 0.7 < bio[at["peer_kept_held"]] < 1.0 and bio[at["peer_consulted"]] == 0.0


def test_the_peer_rule_drops_only_kept_blocks_the_peer_lacks_on_pages_it_otherwise_agrees_with():
    from bench.blocks.peer_columns import PEER_FEATURES
    from bench.blocks.peer_rule import drops

    at = {name: PEER_FEATURES.index(name) for name in PEER_FEATURES}

    def block(kept: bool, share: float, side: float, held: float, words: int = 20) -> dict:
        px = [0.0] * len(PEER_FEATURES)
        px[at["peer_share"]], px[at["peer_holds"]], px[at["peer_side"]] = share, float(share == 1.0), side
        px[at["peer_kept_held"]] = held
        return {"kept": kept, "final": kept, "words": words, "why": "", "px": px, "x": [0.0] * len(FEATURES)}

    page = {"peer_body": False, "blocks": [block(True, 1.0, 0.0, 0.95), block(True, 0.0, 0.0, 0.95),
                                           block(True, 0.0, 1.0, 0.95), block(False, 0.0, 1.0, 0.95)]}
    assert drops(page, 0.2, 0.9, 0, 1, 0) == [1, 2]
    assert drops(page, 0.2, 0.9, 1, 1, 0) == [2]  # only outside the span of kept blocks the peer holds
    assert drops(page, 0.2, 0.97, 1, 1, 0) == []  # the peer holds too little of our read to judge
    assert drops(page, 0.2, 0.9, 1, 30, 0) == []
    assert drops(page, 0.2, 0.9, 1, 1, 1) == []  # the arbiter did not consult the peer on this page
    assert drops(page, 0.2, 0.9, 1, 1, 0, articles=True) == []  # not read as an article
    for b in page["blocks"]:
        b["x"][FEATURES.index("page_article")] = 1.0
    assert drops(page, 0.2, 0.9, 1, 1, 0, articles=True) == [2]
