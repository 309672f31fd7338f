// the score sheet on the phone (placeholder)
