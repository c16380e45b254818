"""The typer command line; see app.py."""
