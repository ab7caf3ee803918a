"""Deliberately broken tests: what a failure looks like. Each fails and
leaves an HTML trace (amiga-traces/); the snapshot's also leaves the
capture and a diff picture beside its baseline. `cargo xtask test` runs
them and checks that they fail this way."""

WINDOW = "GadTools Fixture"


def test_the_baseline_shows_the_old_text(amiga, snapshot):
    amiga.type(WINDOW, 2, "world")
    # This baseline is the window before typing: the field's text differs.
    snapshot(amiga, "after-typing", window=WINDOW)


def test_a_button_that_is_not_there(amiga):
    amiga.click_by_role(WINDOW, role="button", label="Disconnect")
