import Glibc
import POSIXSupport
import Testing

@Suite("Errno")
struct ErrnoTests {
    @Test("the description is strerror's text and the symbolic name")
    func namedDescription() {
        #expect(Errno(ENOENT).description == "No such file or directory (ENOENT)")
        #expect(Errno.ECONNREFUSED.description == "Connection refused (ECONNREFUSED)")
    }

    @Test("an errno the C library has no name for is described by its number")
    func unnamedDescription() {
        #expect(Errno(4242).description == "Unknown error 4242 (errno 4242)")
    }
}
