"""The hostile-input suite: every attack of the field trial, refused cleanly (issue 8)."""
