"""Unicode, NUL characters, very long values and huge bodies store and load back."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from storage.models import INDEXED_TEXT_MAX_CHARS, Profile, ProfileAuthor, ProfileField
from storage.repository import load_profile, save_crawl
from storage.text import clean
from storage_samples import attempt, full_profile
from values.profile import CustomField

MIXED = "Ünïcödé — 日本語のテキスト, العربية, עברית, emoji 🏌️‍♀️🇳🇴, combining e\u0301, zero\u200bwidth"


def test_unicode_everywhere_round_trips(session: Session) -> None:
    profile = full_profile(title=MIXED, description=MIXED, authors=(MIXED,), keywords=(MIXED,),
                           body=f"{MIXED}\n\n{MIXED}", fields=(CustomField("ключ", "string", MIXED),))
    save_crawl(session, attempt(), profile)
    session.commit()
    assert load_profile(session, profile.url) == profile
    assert session.execute(select(ProfileAuthor.name)).scalar_one() == MIXED
    assert session.execute(select(ProfileField.value_text)).scalar_one() == MIXED


def test_huge_body_round_trips(session: Session) -> None:
    body = "\n\n".join(f"Paragraph {i}: {MIXED} " * 20 for i in range(3000))  # ~12 MB of text
    profile = full_profile(body=body)
    save_crawl(session, attempt(), profile)
    session.commit()
    assert load_profile(session, profile.url) == profile
    assert session.execute(select(Profile.word_count)).scalar_one() == profile.word_count


def test_nul_characters_are_stored_replaced_and_profile_loads_exactly(session: Session) -> None:
    profile = full_profile(title="nul\x00here", body="body with \x00 a NUL")
    save_crawl(session, attempt(), profile)
    session.commit()
    assert session.execute(select(Profile.title)).scalar_one() == "nul\ufffdhere"
    assert load_profile(session, profile.url) == profile  # the version JSON keeps it escaped


def test_overlong_indexed_values_are_cut_but_kept_whole_in_the_profile(session: Session) -> None:
    long_name = "N" * (INDEXED_TEXT_MAX_CHARS * 3)
    profile = full_profile(authors=(long_name,))
    save_crawl(session, attempt(), profile)
    session.commit()
    assert session.execute(select(ProfileAuthor.name)).scalar_one() == long_name[:INDEXED_TEXT_MAX_CHARS]
    assert load_profile(session, profile.url).authors == (long_name,)


def test_clean_replaces_lone_surrogates() -> None:
    assert "\ufffd" in clean("a\ud800b")
    assert clean("plain ? text") == "plain ? text"
