"""Every cost cap listed by ``python -m puzzles.bench --caps``: the call just beyond it is refused
at once with a sentence (the timing of the call at the cap is printed by the bench, never
asserted in a test)."""

from __future__ import annotations

import pytest

from puzzles.bench import discover_caps

CAPS = discover_caps()


def test_every_unit_lists_its_caps():
    units = {cap.at_cap.__module__.split(".")[1] for cap in CAPS}
    assert units == {"egg", "matchsticks", "higher_lower", "mastermind", "trios"}


@pytest.mark.parametrize("cap", CAPS, ids=[f"{cap.function} {cap.call}" for cap in CAPS])
def test_beyond_the_cap_is_a_sentence(cap):
    with pytest.raises(ValueError) as refused:
        cap.beyond()
    sentence = str(refused.value)
    assert sentence and "\n" not in sentence and len(sentence) < 400
