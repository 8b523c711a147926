/**
 * The baseline of `bench:reads`: a Nest application on Express with one route that returns `{}`, so
 * each public read is compared with what the framework alone costs on this machine, in the same run.
 * Run as a child process: `node --import @swc-node/register/esm-register test/bench/empty-nest-app.ts <port>`.
 */
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

class EmptyController {
  empty(): Record<string, never> {
    return {};
  }
}
// Decorators applied as calls: this file runs through the plain swc loader, without decorator syntax.
Controller()(EmptyController);
Get('api/empty')(EmptyController.prototype, 'empty', Object.getOwnPropertyDescriptor(EmptyController.prototype, 'empty')!);

class EmptyModule {}
Module({ controllers: [EmptyController] })(EmptyModule);

const app = await NestFactory.create(EmptyModule, { logger: false });
await app.listen(Number(process.argv[2]), '127.0.0.1');
process.stdout.write('ready\n');
