"""The Japanese words the candidate rules read: one place for each list."""

from __future__ import annotations

#: honorifics after a name; they stay outside the name's span, as titles do in English ("[PERSON-1]さん")
HONORIFICS = frozenset("さん 様 さま 氏 君 くん ちゃん 殿 先生 教授 博士 選手 監督 社長 会長".split())
#: what joins the parts of a foreign name written in katakana: "ジェイミー・ベル", "ジャン＝ポール"
NAME_JOINERS = frozenset("・ ＝ = ･".split())
