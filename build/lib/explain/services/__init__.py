"""The use cases: one explanation (batch or streamed), cached drafts, feedback, history."""
