"""Every box of the settings pages that names a description (``aria-describedby``: its help
text, its error) names one the page has: a screen reader reads the box's example and the
reason it was refused with it. The rule forms' help texts had no ids: all 1,463 boxes of the
Futian youth settings named a description that was not there (a journey looking for the
message at a refused box found nothing)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import Permission, User
from django.test import Client

from crosstable_web.events import models
from crosstable_web.events.settings import pages

from .test_seeds_from_blank_forms import reference_page

pytestmark = pytest.mark.django_db


def _missing(page: str) -> tuple[int, list[str]]:
    """How many descriptions the page's boxes name, and those it does not have."""
    ids = set(re.findall(r'\sid="([^"]+)"', page))
    named = [n for d in re.findall(r'aria-describedby="([^"]+)"', page) for n in d.split()]
    return len(named), [name for name in named if name not in ids]


def organiser_at_reference(seed: str, language: str, username: str = "organiser") -> Client:
    """A non-staff organiser (may add events), reading in ``language``, at the settings of
    ``seed``'s example file (``reference_page``)."""
    user = User.objects.create_user(username)
    user.user_permissions.add(Permission.objects.get(codename="add_event"))
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    reference_page(client, seed)
    return client


def test_each_description_a_box_names_is_on_the_page() -> None:
    # eight sections, every part
    client = organiser_at_reference("futian-youth-xiangqi-chess-2009", "zh-hans")
    named = 0
    for part in pages.PAGES:
        count, missing = _missing(
            client.get(pages.address("reference", part.name)).content.decode()
        )
        assert missing == [], part.name
        named += count
    assert named > 1000

    # a refused box names its message too: letters in a number box of a rule form
    address = pages.address("reference", "pairing")
    form = client.get(address).content.decode()
    start = form.index('id="play-rules-form"')
    boxes = {
        name: value
        for name, value in re.findall(
            r'<input[^>]*?name="([^"]+)"[^>]*?value="([^"]*)"',
            form[start : form.index("</form>", start)],
        )
        if name != "csrfmiddlewaretoken"
    }
    refused = client.post(address, {**boxes, "r-xq-K-max_per_unit": "六名"}).content.decode()
    box = re.search(r'<input[^>]*name="r-xq-K-max_per_unit"[^>]*>', refused)
    assert box is not None
    described = re.search(r'aria-describedby="([^"]+)"', box.group())
    assert described is not None and "id_r-xq-K-max_per_unit_error" in described.group(1).split()
    assert re.search(r'id="id_r-xq-K-max_per_unit_error"[^>]*>\s*<li>“六名”不是整数。', refused)
    assert _missing(refused)[1] == []


def test_a_list_box_gives_its_example_in_the_words_of_its_options() -> None:
    """A box the organiser chooses from gives the seed's example as its options say it, in
    the reader's language (the Fars league's tie-breaks, 五(五)'s method), not the file's
    codes (``MPvGP, DE, BH``, ``match_points``) a teacher cannot read; a typed box keeps the
    file's value (a number, a code the organiser types)."""
    client = organiser_at_reference("huayuan-xiangqi-invitational-2019", "zh-hans")
    page = client.get(pages.address("reference", "ranking")).content.decode()
    examples = re.findall(r'_helptext"[^>]*>[^<]*示例： ([^<]*(?:<bdi[^>]*>[^<]*</bdi>)?)', page)
    assert (
        "次要得分、直接对局、布赫霍尔茨分、布赫霍尔茨分（去掉最低1个）、布赫霍尔茨分（去掉最高、最低各1个）"
        in examples
    )
    assert "场分" in examples  # the team ranking's method (match_points)
    assert "次要得分、直接对局、布赫霍尔茨分" in examples  # the team ranking's tie-breaks
    assert "百分比、局数、直接对局" in examples  # the board ranking's criteria
    assert '<bdi dir="ltr" translate="no">3</bdi>' in examples  # typed: the value itself
    assert not [example for example in examples if re.search(r"MPvGP|match_points", example)]


def test_a_chinese_reader_is_given_chinese_examples() -> None:
    """A name or a sentence given as an example is a seed's of the reader's language: the
    Chinese settings showed the Fars league's Persian (the organiser هیات شطرنج استان فارس, a
    section جدول زیر ۱۴ سال (B), the time control ۹۰ دقیقه + ۳۰ ثانیه) to a Chinese teacher."""
    client = organiser_at_reference("futian-youth-xiangqi-chess-2009", "zh-hans")
    examples = []
    for part in pages.PAGES:
        page = client.get(pages.address("reference", part.name)).content.decode()
        examples += re.findall(r"示例： (?:<bdi[^>]*>)?([^<]*)", page)
    assert "中国象棋幼儿组" in examples  # a section's name
    assert "每方30分钟，每步加5秒" in examples  # the time control in words
    assert "深圳市福田区体育局、福田区教育局" in examples  # the organiser
    assert [example for example in examples if re.search(r"[\u0600-\u06ff]", example)] == []


def test_the_played_rounds_box_is_asked_once_a_round_is_paired(paired: models.Round) -> None:
    """ "Yes, change rounds already played" stood under every form of a new event, asking a
    teacher about rounds that did not exist; it is there once a round is paired."""
    event = paired.section.event
    client = organiser_at_reference(
        "huayuan-xiangqi-invitational-2019", "zh-hans", username="founder"
    )
    for part in pages.PAGES:
        page = client.get(pages.address("reference", part.name)).content.decode()
        assert 'name="confirm_played"' not in page, part.name
    client.force_login(event.roles.get(role=models.Role.ORGANISER).user)
    for part in ("event", "schedule", "entry", "fees", "prizes"):
        page = client.get(pages.address(event.slug, part)).content.decode()
        assert 'name="confirm_played"' in page, part


def test_a_section_is_set_in_one_place_and_its_tie_breaks_chosen_by_name() -> None:
    """The event part showed each section twice — its name, rounds, system and tie-breaks
    typed as the file's codes (OTHER_OS OTHER_LJF) in the event's form, and again in the
    Sections form below. Now the Sections form alone, and the tie-breaks chosen by their
    words in the Tie-breaks part."""
    client = organiser_at_reference("futian-chess-grade-2019", "zh-hans")
    page = client.get(pages.address("reference", "event")).content.decode()
    assert "OTHER_OS" not in page and 'name="section_A_' not in page
    assert page.count('value="A组：四、五级棋士组"') == 1  # the Sections form's row
    assert 'name="r-event~sections0-rounds"' in page
    ranking = client.get(pages.address("reference", "ranking")).content.decode()
    first = ranking.split('name="r-A-tiebreaks-0"', 1)[1].split("</select>", 1)[0]
    assert '<option value="OTHER_OS" selected>对手分' in first, first[:300]


def test_each_box_of_a_condition_says_what_it_is_in_the_readers_words() -> None:
    """A discount's or a prize's condition was a row of bare boxes (sex, unit kind, born
    on or after…, age at least, age below…) under one label: now each box has its words
    beside it, a label for it, in the reader's language (the Fars league read in Malay)."""
    client = organiser_at_reference("fars-team-league-1398", "ms")
    fees = client.get(pages.address("reference", "fees")).content.decode()
    members = fees[fees.index('data-key="r-event~discounts0-members-sex"') :]
    members = members[: members.index("</div>")]
    assert '<span class="rule-label">Ahli</span>' in members
    for box, words in (
        ("sex", "jantina"),
        ("age__below", "umur: di bawah"),
        ("rating__at_least", "rating: sekurang-kurangnya"),
    ):
        label = f'<label for="id_r-event~discounts0-members-{box}">{words}</label>'
        assert label in members, box
    # a prize category's "only if at least N entries meet": the count says so beside it
    categories = client.get(pages.address("reference", "categories")).content.decode()
    count = re.search(
        r'<label for="id_r-A~prizes0~categories0-requires-count">([^<]+)</label>', categories
    )
    assert count is not None and count[1].startswith("Diberi hanya jika"), count


def test_the_prizes_part_shows_each_place_once() -> None:
    """Huayuan read in Chinese: the prizes part showed every place twice — a table of
    from/to/amount/items rows and the places' rows below — each editable. Now the places'
    rows alone (with a tie's sharing and a place's condition, which the table lacked)."""
    client = organiser_at_reference("huayuan-xiangqi-invitational-2019", "zh-hans")
    page = client.get(pages.address("reference", "prizes")).content.decode()
    assert 'id="prizes-form"' not in page and 'id="prize-places-form"' in page
    # the first table's first place: 6000 yuan, one box
    assert page.count('value="6000"') == 1
    assert 'name="r-main~prizes0~places0-amount"' in page
