// Jest stand-in for static asset imports (images, css): the URL a bundler would give.
export default 'test-file-stub';
