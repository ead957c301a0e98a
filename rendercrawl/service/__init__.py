"""The HTTP service of `rendercrawl serve`: page views and force pushes in, profiles out, metrics."""
