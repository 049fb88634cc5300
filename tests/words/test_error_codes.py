"""Every input error has a code (item 4 of "the house, second pass"): the
English is its code's template filled from its facts (tools match on it), a
list in it is a fact said in the reader's language ("Kent o Bent"), and
Spanish says it all in Spanish."""
from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from deadlines.core import inputs
from deadlines.core.errors import ERRORS, InputError, english, fact
from deadlines.core.registry import Registry
from deadlines.reminders.email import DeliveryError
from deadlines.reminders.settings import Settings
from deadlines.reminders.webhook import check_target
from deadlines.words import words


@pytest.fixture(scope="module")
def registry():
    return Registry()


def _caught(call) -> InputError:
    with pytest.raises(InputError) as caught:
        call()
    e = caught.value
    assert e.code in ERRORS and english(e.code, **dict(e.facts)) == str(e)  # the template is the message
    return e


def test_an_unknown_or_malformed_id_is_coded_and_said_in_spanish(registry):
    near = _caught(lambda: registry.get("ypsilantti-mi"))
    assert near.code == "jurisdiction.unknown_near" and dict(near.facts)["nearest"] == ("ypsilanti-mi",)
    assert str(near).startswith("unknown jurisdiction 'ypsilantti-mi'; did you mean ypsilanti-mi? find a government")
    assert words("es").error(near).startswith("jurisdicción desconocida 'ypsilantti-mi'; ¿quiso decir ypsilanti-mi?")
    bad = _caught(lambda: registry.get("Bad_Id"))
    assert (bad.code, bad.field) == ("jurisdiction.malformed", "jurisdiction")
    assert str(bad) == "'Bad_Id' is not a jurisdiction id (lower-case letters, digits and hyphens)"
    assert words("es").error(bad) == "'Bad_Id' no es un identificador de jurisdicción (letras minúsculas, dígitos y guiones)"
    ocd = _caught(lambda: registry.get("ocd-division/country:us/state:zz/place:nowhere"))
    assert ocd.code == "jurisdiction.unknown_ocd" and "Open Civic Data" in words("es").error(ocd)
    assert words("es").error(ocd).startswith("ningún gobierno tiene")


def test_a_county_list_is_joined_in_the_readers_words(registry):
    places = registry.places()
    e = _caught(lambda: places.search(county="Kentt"))
    assert e.code == "filter.county_unknown_anywhere" and len(dict(e.facts)["nearest"]) > 1
    assert " or " in str(e) and str(e).startswith("county: 'Kentt' is not a county this service knows (did you mean ")
    said = words("es").error(e)
    assert said.startswith("county: 'Kentt' no es un condado que este servicio conozca (¿quiso decir ")
    assert " o " in said and " or " not in said
    example = _caught(lambda: places.search(state="UT", county="Kentt"))
    assert example.code == "filter.county_unknown_example" and "p. ej." in words("es").error(example)


def test_a_moment_that_is_none_and_an_instant_given_a_date(registry):
    e = _caught(lambda: inputs.moment("2027-06-1x", ZoneInfo("America/Denver"), "objection-filed"))
    assert e.code == "moment.not_a_moment"
    assert str(e) == "objection-filed: expected a date YYYY-MM-DD or a date and time YYYY-MM-DDTHH:MM, got '2027-06-1x'"
    assert words("es").error(e) == ("objection-filed: se esperaba una fecha AAAA-MM-DD o una fecha y hora "
                                    "AAAA-MM-DDTHH:MM; se recibió '2027-06-1x'")
    from datetime import date

    from deadlines.core.anchors import event_anchors

    jur = registry.get("salt-lake-city-ut")
    instant = _caught(lambda: event_anchors(jur, {"objection-filed": date(2027, 6, 10)}))
    assert instant.code == "anchor.needs_time" and instant.field == "objection-filed"
    assert str(instant) == "event 'objection-filed' is an instant: give a date and time, e.g. 2027-06-10T14:30"
    assert words("es").error(instant) == ("el evento 'objection-filed' es un instante: indique fecha y hora, "
                                          "p. ej. 2027-06-10T14:30")


def test_an_error_inside_another_is_said_by_its_own_code():
    inner = InputError.of("date.not_a_date", "election", got="'soon'")
    outer = InputError.of("write.not_servable_because", inner.field, jurisdiction="model-city", why=fact(inner))
    assert str(outer) == ("not recorded: with this change model-city's deadlines cannot be computed: "
                          "election: expected a date YYYY-MM-DD, got 'soon'")
    assert words("es").error(outer) == ("no se registró: con este cambio no se pueden calcular las fechas límite de "
                                        "model-city: election: se esperaba una fecha AAAA-MM-DD; se recibió 'soon'")


def test_a_refused_webhook_target_is_coded_down_to_why():
    with pytest.raises(DeliveryError) as caught:
        check_target("https://user:secret@example.org/hook", Settings.from_env())
    refused = caught.value
    assert refused.permanent and refused.code == "webhook.user_info"
    e = InputError.of("webhook.refused", "target", why=fact(refused))
    assert str(e) == "target: webhook URL must not carry user info (user:password@)"  # as the clerk API said it
    assert words("es").error(e) == "target: la URL del webhook no debe llevar datos de usuario (usuario:contraseña@)"
