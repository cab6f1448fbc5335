"""Issue 26.11: a draw's points in the settings boxes are written as every score of the pages
is (``½``), not as the file's ``1/2`` — which a Persian page turned into ``۱/۲`` beside the
``½`` of its scores; a half typed either way (``½``, ``۱½``, ``1/2``, ``0.5``) is read, and a
box left as shown changes nothing in the file."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from crosstable_web.events.settings.rule_fields.values import points_text, points_value

from .test_settings_fields import create, form_values, part_page, post_part, signed_in

pytestmark = pytest.mark.django_db


def test_a_draw_is_shown_as_a_half_and_kept_when_saved_unchanged() -> None:
    organiser = User.objects.create_user("nasrin", password="organiser-pass")
    event = create(organiser, "fars-team-league-1398.toml", "fars1398", 9)
    client = signed_in(organiser, "fa")
    part = "play-rules"
    page = part_page(client, event.slug, part)
    assert 'name="r-A-scoring__draw"' in page
    assert form_values(page, f"{part}-form")["r-A-scoring__draw"] == "½"
    assert "۱/۲" not in page
    before = event.regulations_text
    status, _page = post_part(client, event.slug, part, {})
    assert status == 200
    event.refresh_from_db()
    assert 'draw = "1/2"' in event.regulations_text
    assert event.regulations_text.count("1/2") == before.count("1/2")


@pytest.mark.parametrize(
    ("typed", "points"),
    [
        ("½", Fraction(1, 2)),
        ("۱½", Fraction(3, 2)),
        ("1 ½", Fraction(3, 2)),
        ("1/2", Fraction(1, 2)),
        ("۰٫۵", Fraction(1, 2)),
        ("2", Fraction(2)),
    ],
)
def test_a_half_typed_any_way_is_read(typed: str, points: Fraction) -> None:
    assert Fraction(str(points_value(typed))) == points
    assert Fraction(str(points_value(points_text(points_value(typed))))) == points


def test_halves_are_written_as_the_pages_write_scores() -> None:
    assert [points_text(v) for v in ("1/2", "3/2", 1, 0, "1/4")] == ["½", "1½", "1", "0", "1/4"]
