package org.htmlunit.html;

/** Stand-in (compile only): HtmlUnit {@code DomNode}, the member the ITests use. */
public abstract class DomNode {
    public <N extends DomNode> N querySelector(String selectors) {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
