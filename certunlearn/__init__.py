"""certunlearn: the reference for certified machine unlearning and private online learning.

Layers (data flows one way): ``problems`` → ``algorithms`` → ``claims`` → ``check`` → ``report``;
``derive`` serves claims and check; ``numeric`` and ``privacy`` serve everyone.
"""
__version__ = "0.1.0"

#: The entry-point group through which an installed package registers its own claims (``certunlearn.api``).
CLAIMS_ENTRY_POINT_GROUP = "certunlearn.claims"
