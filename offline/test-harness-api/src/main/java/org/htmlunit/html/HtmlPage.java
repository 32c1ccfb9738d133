package org.htmlunit.html;

/** Stand-in (compile only): HtmlUnit {@code HtmlPage} (real: extends SgmlPage, a DomNode). */
public class HtmlPage extends DomNode {
}
