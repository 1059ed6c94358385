"""`make chaos`: the production stack on private ports, with its dependencies broken on purpose."""
