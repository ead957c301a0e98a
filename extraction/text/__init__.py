"""Main-text internals: segmentation (`blocks`), measurements (`features`), decisions
(`scoring`), explicit publisher markup (`markup`) and the `--explain` report (`explain`).
`extraction.maintext` is the entry point; see README.md for how the main text is found."""
