"""Recognizers of Spanish texts: dates, ages, addresses and identifiers as Spanish writes them."""
