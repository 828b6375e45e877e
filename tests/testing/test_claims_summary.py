"""ClaimFailed names the counterexample without dumping a whole dataset (issue 27, "Reading")."""
from certunlearn.testing.claims import SUMMARY_CHARS, instance_summary


def test_a_long_instance_value_is_summarised_and_short_ones_kept():
    text = instance_summary({"X": list(range(5000)), "eps": "1/2"})
    assert "eps: 1/2" in text and "5000 entries" in text and "4999" not in text
    assert len(text) < SUMMARY_CHARS + 150
