package org.htmlunit;

/** Stand-in (compile only): HtmlUnit {@code WebClientOptions}, the member the ITests use. */
public class WebClientOptions {
    public void setJavaScriptEnabled(boolean enabled) {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
