"""Japanese recognizers: dates, phone numbers, postcodes, addresses, the Individual Number."""
