"""Recognizers of forms written the same way in every country: e-mails, URLs, phone
numbers, IP addresses, IBANs and cards, case numbers, dates, ages, amounts, quantities, addresses, and
names written in another script than the text's."""
