package org.htmlunit;

/** Stand-in (compile only): HtmlUnit {@code WebClient}, the member the ITests use. */
public class WebClient implements AutoCloseable {
    /** Real: also throws the unchecked FailingHttpStatusCodeException, which has no stand-in. */
    public <P extends Page> P getPage(final WebRequest request) throws java.io.IOException {
        throw new UnsupportedOperationException("compile-only stand-in");
    }

    public WebClientOptions getOptions() {
        throw new UnsupportedOperationException("compile-only stand-in");
    }

    @Override
    public void close() {
        throw new UnsupportedOperationException("compile-only stand-in");
    }
}
