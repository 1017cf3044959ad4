public enum FirstOpenStatePlaceholder {}
