"""The instance families of the POMER claims (certunlearn.claims.pomer.families)."""
from certunlearn.claims.pomer.families import trajectory_instances


def test_trajectory_instances_cover_first_middle_and_last_rounds():
    rounds = set()
    for inst in trajectory_instances():
        diff = [i for i, (x, y) in enumerate(zip(inst["losses"], inst["other"])) if x != y]
        assert len(diff) == 1
        rounds.add(diff[0] if diff[0] < inst["T"] - 1 else "last")
    assert {0, 4, "last"} <= rounds
    assert {int(i["T"]) for i in trajectory_instances()} == {9, 12}  # T = 9, the least δ = 1/2 admits; δ = 2/5 needs T ≥ 11
