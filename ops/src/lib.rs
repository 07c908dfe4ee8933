//! The declared operator surface of fake-tensor and its shape rules.
