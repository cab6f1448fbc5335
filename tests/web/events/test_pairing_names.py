"""Every pairing system the registry knows has words on the pages (``events/words/
pairing_names.py``): no page shows a code such as ``FIDE_DUTCH_2026`` to its reader, in any
language."""

from __future__ import annotations

import pytest
from django.utils import translation

from crosstable.pairing.registry import system_codes
from crosstable_web.events.words import pairing_names


def test_every_registered_code_has_words() -> None:
    assert pairing_names.registered_codes() - pairing_names.known_codes() == set()
    assert pairing_names.registered_codes() == set(system_codes())


@pytest.mark.parametrize(
    ("language", "dutch", "xiangqi"),
    [
        ("en", "FIDE Swiss system (Dutch)", "Xiangqi Swiss system"),
        ("zh-hans", None, None),
        ("ms", None, None),
        ("fa", None, None),
    ],
)
def test_no_code_is_shown_as_it_is(language: str, dutch: str | None, xiangqi: str | None) -> None:
    with translation.override(language):
        for code in system_codes():
            assert pairing_names.system_name(code) != code
            assert pairing_names.system_choice_name(code) != code
        if dutch is not None:
            assert pairing_names.system_name("FIDE_DUTCH_2026") == dutch
            assert pairing_names.system_name("XIANGQI_SWISS") == xiangqi
