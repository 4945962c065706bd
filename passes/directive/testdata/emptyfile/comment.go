// Only a comment: no package clause.
