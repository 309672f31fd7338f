"""Rules as data: the model, the loader of rules files, and their description for people."""
