"""File safety shared by the commands: safe reading of inputs (regular files only), the
guard that keeps outputs off inputs, and the removal of leftovers of killed runs.
"""
