package org.htmlunit.html;

/** Stand-in (compile only): HtmlUnit {@code DomElement} (real: extends DomNamespaceNode). */
public class DomElement extends DomNode {
    public String getAttribute(String attributeName) {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
