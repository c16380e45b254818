"""The count back-ends, one module each: ``wordfreq``, ``table``, ``local``, ``starter``,
``es``, ``infinigram``, ``serpapi`` and ``mojeek``.

Each module registers its back-end by name when imported (registry.py imports them on
the first look-up), so this package imports none of them itself.
"""
