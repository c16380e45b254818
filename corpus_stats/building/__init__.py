"""Building a local index (``sanitizer corpus build``): reading the source collections
(folders of text, JSON, JSONL, Wikipedia dumps) and writing the tantivy index that the
``local`` and ``starter`` back-ends count in.
"""
