package org.htmlunit;

/** Stand-in (compile only): HtmlUnit {@code WebClient}, the member the ITests use. */
public class WebClient implements AutoCloseable {
    public WebClientOptions getOptions() {
        throw new UnsupportedOperationException("compile-only stand-in");
    }

    @Override
    public void close() {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
