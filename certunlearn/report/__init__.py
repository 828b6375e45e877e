"""Reports: rich tables for people, Markdown and HTML documents with figures."""
from .document import write_report
__all__ = ['write_report']
